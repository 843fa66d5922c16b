export interface AdminAccountCreated {
  type: 'AdminAccountCreated';
  data: { username: string };
}
export interface AdminLoggedIn {
  type: 'AdminLoggedIn';
  data: { username: string; ipAddress: string; userAgent: string };
}
export interface AdminLoginFailed {
  type: 'AdminLoginFailed';
  data: { username: string; ipAddress: string; userAgent: string };
}
/** The new hash is never part of the event: it lives only in the credentials table. */
export interface AdminPasswordChanged {
  type: 'AdminPasswordChanged';
  data: { username: string; via: 'settings' | 'terminal' };
}

export type AuthEvent =
  | AdminAccountCreated
  | AdminLoggedIn
  | AdminLoginFailed
  | AdminPasswordChanged;

export const adminStream = (username: string): string => `admin:${username.toLowerCase()}`;
