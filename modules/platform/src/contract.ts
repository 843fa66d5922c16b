// Shapes shared by every module's contract and the web app. No server imports here.

/** The API's answer to bad input: a message naming the problem and one entry per bad field. */
export interface ApiErrorBody {
  message: string;
  errors?: { path: string; message: string }[];
}
