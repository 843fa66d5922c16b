export interface MediaUploaded {
  type: 'MediaUploaded';
  data: { mediaId: string; filename: string; originalName: string; mimetype: string; size: number };
}
export interface MediaDeleted {
  type: 'MediaDeleted';
  data: { mediaId: string; filename: string };
}
export type MediaEvent = MediaUploaded | MediaDeleted;

export const mediaStream = (mediaId: string): string => `media:${mediaId}`;
