import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import {
  AUDIT_ENDPOINTS,
  AUDIT_FEED_ENDPOINTS,
  AUDIT_STREAM_EVENT,
  auditLogEntrySchema,
  type AuditLogEntry,
  type AuditLogPage,
} from '@tapinti/contracts/audit-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';

/** Spec §9: the audit list shows 10 entries; "show more" adds 10 at a time. */
export const AUDIT_PAGE = 10;

/** GET /api/audit-logs?fromDate=&userId=&limit= (super admin), newest first. */
export function useAuditLogs({
  fromDate,
  userId,
  limit,
}: {
  fromDate?: string;
  userId?: string;
  limit: number;
}) {
  return useSWR<AuditLogPage>(
    apiPath(AUDIT_ENDPOINTS.list.path, {}, { fromDate, userId, limit }),
    (url: string) => callEndpoint(AUDIT_ENDPOINTS.list, { url }),
  );
}

/** The super-admin-only server-sent-events stream of new audit rows (one `audit` event per row). */
export const AUDIT_STREAM_PATH = AUDIT_FEED_ENDPOINTS.stream.path;

export type StreamStatus = 'connecting' | 'live' | 'unavailable';

/**
 * Subscribes to the audit stream while mounted: each new row is handed to `onEntry`. The browser
 * reconnects by itself after a dropped connection; a refused one (404, 403) stays unavailable.
 */
export function useAuditStream(onEntry: (entry: AuditLogEntry) => void): StreamStatus {
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const handler = useRef(onEntry);
  handler.current = onEntry;

  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setStatus('unavailable');
      return;
    }
    const source = new EventSource(AUDIT_STREAM_PATH, { withCredentials: true });
    const receive = (event: MessageEvent<string>) => {
      try {
        const parsed = auditLogEntrySchema.safeParse(JSON.parse(event.data));
        if (parsed.success) handler.current(parsed.data);
      } catch {
        // Not JSON (a comment or keep-alive): ignored.
      }
    };
    source.addEventListener(AUDIT_STREAM_EVENT, receive as EventListener);
    source.onopen = () => setStatus('live');
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? 'unavailable' : 'connecting');
    return () => source.close();
  }, []);

  return status;
}
