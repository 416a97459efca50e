import { useCallback, useEffect, useRef, useState } from 'react';
import {
  MAX_PHOTOS,
  MAX_PHOTO_BYTES,
  PHOTO_LIST_MESSAGES,
  PHOTO_MESSAGES,
} from '@tapinti/contracts/announcements-api';
import { errorMessage } from '../../../lib/api-client';
import { normalizePath } from '../api/normalize-path';
import { requestUploadUrl } from '../api/request-upload-url';
import { uploadFile } from '../api/upload-file';
import { useT } from '../../../lib/i18n';

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** One photo of the list: being uploaded (with its progress), or stored at `objectPath`. */
export interface PhotoItem {
  key: string;
  /** What the browser shows: the chosen file, or a stored photo's thumbnail. */
  previewUrl: string;
  fileName: string | null;
  status: 'uploading' | 'done';
  progress: number;
  objectPath: string | null;
}

export interface PhotoListCallbacks {
  /** Every stored photo's '/objects/<id>' path, in the order shown (the first is the cover). */
  onChange?: (objectPaths: string[]) => void;
  onBusyChange?: (busy: boolean) => void;
  onUploaded?: (objectPath: string) => void;
  onError?: (message: string) => void;
}

/** Checks a chosen file before anything is sent (each at most 10 MB). */
export function checkPhoto(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return PHOTO_MESSAGES.notImage;
  if (file.size > MAX_PHOTO_BYTES) return PHOTO_MESSAGES.tooLarge;
  return null;
}

const storedItem = (objectPath: string): PhotoItem => ({
  key: objectPath,
  previewUrl: `${objectPath}/thumbnail`,
  fileName: null,
  status: 'done',
  progress: 1,
  objectPath,
});

let nextKey = 0;

/**
 * Up to `MAX_PHOTOS` photos (issue 22), starting from `initial` (an edited announcement's). Each
 * chosen file is uploaded in turn — ask for an upload URL, PUT the bytes with progress, normalise
 * to the '/objects/<id>' path — one at a time, since the server caps what a user's pending
 * uploads may hold. Photos can be moved and removed meanwhile.
 */
export function usePhotoList(
  initial: readonly string[] = [],
  { onChange, onBusyChange, onUploaded, onError }: PhotoListCallbacks = {},
) {
  const t = useT();
  const [items, setItems] = useState<PhotoItem[]>(() => initial.map(storedItem));
  const queue = useRef<Array<{ key: string; file: File; controller: AbortController }>>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const running = useRef(false);
  const reported = useRef(initial.join('\n'));
  const callbacks = useRef({ onChange, onBusyChange, onUploaded, onError });
  callbacks.current = { onChange, onBusyChange, onUploaded, onError };

  useEffect(() => {
    const paths = items.flatMap((i) => (i.objectPath ? [i.objectPath] : []));
    if (paths.join('\n') !== reported.current) {
      reported.current = paths.join('\n');
      callbacks.current.onChange?.(paths);
    }
    callbacks.current.onBusyChange?.(items.some((i) => i.status === 'uploading'));
  }, [items]);

  useEffect(
    () => () => {
      for (const controller of controllers.current.values()) controller.abort();
      for (const item of items) if (item.fileName) URL.revokeObjectURL(item.previewUrl);
    },
    // Only on unmount: the previews still shown are released then.
    [],
  );

  const update = (key: string, change: Partial<PhotoItem>) =>
    setItems((all) => all.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    setItems((all) => {
      const gone = all.find((i) => i.key === key);
      if (gone?.fileName) URL.revokeObjectURL(gone.previewUrl);
      return all.filter((i) => i.key !== key);
    });
  }, []);

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    for (let next = queue.current.shift(); next; next = queue.current.shift()) {
      const { key, file, controller } = next;
      if (controller.signal.aborted) continue;
      let uploadURL: string;
      try {
        uploadURL = await requestUploadUrl(file.type);
        await uploadFile(uploadURL, file, {
          signal: controller.signal,
          onProgress: (progress) => {
            if (!controller.signal.aborted) update(key, { progress });
          },
        });
      } catch (error) {
        if (controller.signal.aborted) continue;
        remove(key);
        callbacks.current.onError?.(errorMessage(error, t('Şəkil yüklənərkən xəta baş verdi')));
        continue;
      }
      try {
        const objectPath = await normalizePath(uploadURL);
        if (controller.signal.aborted) continue;
        controllers.current.delete(key);
        update(key, { status: 'done', progress: 1, objectPath });
        callbacks.current.onUploaded?.(objectPath);
      } catch {
        if (controller.signal.aborted) continue;
        remove(key);
        callbacks.current.onError?.(PHOTO_MESSAGES.normalizeFailed);
      }
    }
    running.current = false;
  }, [remove, t]);

  /** Adds the chosen files (as many as still fit) and uploads them in turn. */
  const add = useCallback(
    (files: readonly File[]) => {
      const room = MAX_PHOTOS - items.length;
      if (files.length > room) callbacks.current.onError?.(PHOTO_LIST_MESSAGES.tooMany);
      const added: PhotoItem[] = [];
      for (const file of files.slice(0, Math.max(room, 0))) {
        const problem = checkPhoto(file);
        if (problem) {
          callbacks.current.onError?.(problem);
          continue;
        }
        const key = `new-${nextKey++}`;
        const controller = new AbortController();
        controllers.current.set(key, controller);
        queue.current.push({ key, file, controller });
        added.push({
          key,
          previewUrl: URL.createObjectURL(file),
          fileName: file.name,
          status: 'uploading',
          progress: 0,
          objectPath: null,
        });
      }
      if (!added.length) return;
      setItems((all) => [...all, ...added]);
      void pump();
    },
    [items.length, pump],
  );

  /** Moves a photo one place earlier (-1) or later (+1); the first is the cover. */
  const move = useCallback((key: string, by: -1 | 1) => {
    setItems((all) => {
      const from = all.findIndex((i) => i.key === key);
      const to = from + by;
      if (from < 0 || to < 0 || to >= all.length) return all;
      const next = [...all];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    });
  }, []);

  return { items, add, move, remove, full: items.length >= MAX_PHOTOS };
}
