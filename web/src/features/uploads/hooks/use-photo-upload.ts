import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from '@tapinti/contracts/announcements-api';
import { errorMessage } from '../../../lib/api-client';
import { normalizePath } from '../api/normalize-path';
import { requestUploadUrl } from '../api/request-upload-url';
import { uploadFile } from '../api/upload-file';
import { useT } from '../../../lib/i18n';

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export type PhotoUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number; fileName: string; previewUrl: string }
  | { status: 'done'; fileName: string; previewUrl: string; objectPath: string };

export interface PhotoUploadCallbacks {
  onUploaded?: (objectPath: string) => void;
  onError?: (message: string) => void;
}

/** Checks a chosen file before anything is sent (spec §5: one file, at most 10 MB). */
export function checkPhoto(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return PHOTO_MESSAGES.notImage;
  if (file.size > MAX_PHOTO_BYTES) return PHOTO_MESSAGES.tooLarge;
  return null;
}

/**
 * One photo: ask for an upload URL, PUT the bytes there with progress, then normalise the URL to
 * the '/objects/<id>' path that is stored with the announcement.
 */
export function usePhotoUpload({ onUploaded, onError }: PhotoUploadCallbacks = {}) {
  const t = useT();
  const [state, setState] = useState<PhotoUploadState>({ status: 'idle' });
  const abortRef = useRef<AbortController | null>(null);
  const previewRef = useRef<string | null>(null);

  const releasePreview = () => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = null;
  };

  useEffect(
    () => () => {
      abortRef.current?.abort();
      releasePreview();
    },
    [],
  );

  const remove = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
    releasePreview();
    setState({ status: 'idle' });
  }, []);

  const select = useCallback(
    async (file: File) => {
      const problem = checkPhoto(file);
      if (problem) {
        onError?.(problem);
        return;
      }
      abortRef.current?.abort();
      releasePreview();
      const controller = new AbortController();
      abortRef.current = controller;
      const previewUrl = URL.createObjectURL(file);
      previewRef.current = previewUrl;
      setState({ status: 'uploading', progress: 0, fileName: file.name, previewUrl });

      let uploadURL: string;
      try {
        uploadURL = await requestUploadUrl(file.type);
        await uploadFile(uploadURL, file, {
          signal: controller.signal,
          onProgress: (progress) => {
            if (!controller.signal.aborted)
              setState((s) => (s.status === 'uploading' ? { ...s, progress } : s));
          },
        });
      } catch (error) {
        if (controller.signal.aborted) return;
        remove();
        onError?.(errorMessage(error, t('Şəkil yüklənərkən xəta baş verdi')));
        return;
      }
      try {
        const objectPath = await normalizePath(uploadURL);
        if (controller.signal.aborted) return;
        setState({ status: 'done', fileName: file.name, previewUrl, objectPath });
        onUploaded?.(objectPath);
      } catch {
        if (controller.signal.aborted) return;
        remove();
        onError?.(PHOTO_MESSAGES.normalizeFailed);
      }
    },
    [onError, onUploaded, remove],
  );

  return { state, select, remove };
}
