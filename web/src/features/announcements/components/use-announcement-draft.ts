import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';

/** Where a user's unfinished create form is kept on this device (one draft per user). */
export const draftStorageKey = (userId: string) => `tapinti.create-draft.${userId}`;

function readDraft<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null; // storage blocked or a damaged entry: no draft
  }
}

function writeDraft(key: string, values: unknown | null) {
  try {
    if (values === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(values));
  } catch {
    // storage full or blocked: the form still works, only without a draft
  }
}

/**
 * A create form kept as a draft while it is filled (photo reference included), so navigation or a
 * reload loses nothing: a draft found on opening is offered (restore or discard); the first change
 * to the fresh form replaces it. `clear` after a successful submit or a confirmed discard.
 */
export function useAnnouncementDraft<T extends Record<string, unknown>>(
  key: string | undefined,
  form: Pick<UseFormReturn<T>, 'watch' | 'reset'>,
) {
  const [offered, setOffered] = useState<T | null>(() => (key ? readDraft<T>(key) : null));
  const offeredRef = useRef(offered);
  offeredRef.current = offered;
  const { watch, reset } = form;

  useEffect(() => {
    if (!key) return;
    const subscription = watch((values, { name, type }) => {
      // What the person typed or chose, and the photo's reference (set by the upload); not the
      // form's own adjustments (the type from the address, a hidden block emptied).
      if (type !== 'change' && name !== 'imageUrls') return;
      if (offeredRef.current) setOffered(null);
      writeDraft(key, values);
    });
    return () => subscription.unsubscribe();
  }, [key, watch]);

  return {
    /** The draft waiting for an answer, if any. */
    offered,
    restore: () => {
      const draft = offeredRef.current;
      offeredRef.current = null;
      setOffered(null);
      if (draft) reset(draft, { keepDefaultValues: true });
    },
    discard: () => {
      offeredRef.current = null;
      setOffered(null);
      if (key) writeDraft(key, null);
    },
    clear: () => {
      if (key) writeDraft(key, null);
    },
  };
}
