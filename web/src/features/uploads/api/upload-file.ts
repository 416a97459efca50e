import { ApiError } from '../../../lib/api-client';
import { msg } from '../../../lib/i18n';

export interface UploadOptions {
  /** 0 to 100 as bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * PUT the file bytes to the upload URL with the file's Content-Type, one request (spec §9).
 * XMLHttpRequest, because fetch cannot report upload progress.
 */
export function uploadFile(
  uploadURL: string,
  file: File,
  { onProgress, signal }: UploadOptions = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', uploadURL);
    // Only a photo type is taken at the PUT (415 otherwise); a file without one declares none.
    if (file.type) xhr.setRequestHeader('Content-Type', file.type);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve();
      } else {
        reject(new ApiError(xhr.status, xhr.responseText ?? '', xhr.statusText));
      }
    };
    xhr.onerror = () => reject(new Error(msg('Şəkil yüklənərkən şəbəkə xətası baş verdi')));
    xhr.onabort = () => reject(new DOMException(msg('Yükləmə dayandırıldı'), 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
