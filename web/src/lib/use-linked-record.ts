import { useEffect, useRef } from 'react';

/**
 * A link can name one record of a list (`/profile?tab=requests&request=<id>`, as an e-mail does):
 * once that record is on screen it scrolls into view and takes focus, and it is marked as the
 * current one. Spread the result on the record's element.
 */
export function useLinkedRecord<T extends HTMLElement>(linked: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!linked || !ref.current) return;
    ref.current.scrollIntoView({ block: 'center' });
    ref.current.focus({ preventScroll: true });
  }, [linked]);
  return linked ? { ref, tabIndex: -1, 'aria-current': true as const } : { ref };
}
