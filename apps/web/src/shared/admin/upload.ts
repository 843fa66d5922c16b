import type { UploadResponse } from '@kw/media/contract';
import { storedToken } from '../../api/api.ts';

export class UploadError extends Error {}

/**
 * Sends one file with XMLHttpRequest, whose upload events give real progress (fetch has none).
 * Resolves with the stored file's record; rejects with the server's message.
 */
export function uploadFile(
  url: string,
  field: string,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<UploadResponse> {
  const token = storedToken();
  if (!token) return Promise.reject(new UploadError('No authentication token found'));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: { message?: string } & Partial<UploadResponse> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(body as UploadResponse);
      } else {
        reject(
          new UploadError(body.message || `${xhr.status}: ${xhr.statusText || 'Upload failed'}`),
        );
      }
    };
    xhr.onerror = () => reject(new UploadError('Failed to upload file. Please try again.'));
    const form = new FormData();
    form.append(field, file);
    xhr.send(form);
  });
}
