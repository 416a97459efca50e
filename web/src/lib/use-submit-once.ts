import { useCallback, useRef, useState, type FormEvent } from 'react';

/**
 * Every form submits once (spec §2: the button is disabled with a spinner while pending). A double
 * click sends the second submit event before React re-renders the disabled button, so the guard is
 * a ref, not state: `onSubmit={submitOnce(handleSubmit(onValid))}`, `loading={submitting}`.
 */
export function useSubmitOnce() {
  const busy = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const submitOnce = useCallback(
    (handler: (event: FormEvent) => Promise<unknown> | void) => async (event: FormEvent) => {
      if (busy.current) {
        event.preventDefault();
        return;
      }
      busy.current = true;
      setSubmitting(true);
      try {
        await handler(event);
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    },
    [],
  );
  return { submitOnce, submitting };
}
