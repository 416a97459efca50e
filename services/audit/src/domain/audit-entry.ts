import type { AuditLogEntry } from '@tapinti/contracts/audit-api';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { truncateText } from '@tapinti/contracts/input-text';
import { sanitizeState } from './sanitize';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_ADDRESS_KEY = 64;
const MAX_AGENT = 512;
const MAX_TEXT = 200;

const uuidOrNull = (v: unknown): string | null =>
  typeof v === 'string' && UUID.test(v) ? v.toLowerCase() : null;
const textOrNull = (v: unknown, max: number): string | null =>
  typeof v === 'string' && v.length > 0 ? truncateText(v, max) : null;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** An audit row, before it gets its id: the API's row, keyed by the event it came from. */
export type AuditEntry = Omit<AuditLogEntry, 'id' | 'username' | 'createdAt'> & {
  eventId: string;
  createdAt: Date;
};

/** `auth.user.registered` → `user`: the aggregate part of `<context>.<aggregate>.<past-tense>`. */
export function entityTypeOf(eventType: string): string {
  const parts = eventType.split('.');
  return truncateText(parts.length >= 3 ? parts[1]! : (parts[0] ?? 'unknown'), MAX_TEXT) || 'unknown';
}

const STREAM_OF_UUID = /^[a-z-]+-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * `user-<uuid>` → `<uuid>`: the entity a stream is about, also when the stream is a side stream
 * of it (`logins-<uuid>` holds a user's logins); other stream ids (`login-<digest>`) as they are.
 * A stream of one occurrence (`logins-<uuid>.<occurrence>`, `login-<digest>.<occurrence>`) is
 * about the entity before the dot.
 */
export function entityIdOf(occurrenceStreamId: string, entityType: string): string | null {
  const streamId = occurrenceStreamId.split('.')[0]!;
  const prefix = `${entityType}-`;
  const id =
    STREAM_OF_UUID.exec(streamId)?.[1]?.toLowerCase() ??
    (streamId.startsWith(prefix) ? streamId.slice(prefix.length) : streamId);
  return textOrNull(id, MAX_TEXT);
}

/**
 * What the audit log keeps of an event. The actor is the metadata's actorId; for events without
 * one (system work, failed logins) the subject user (`payload.userId`), or null. Payloads with
 * `before`/`after` give those states; any other payload is the after-state. Everything that
 * came from users stays data: it is sanitised and stored as JSON, never interpreted.
 */
export function auditEntryOf(event: EventEnvelope, now: Date = new Date()): AuditEntry {
  const payload: Record<string, unknown> = isObject(event.payload) ? event.payload : { value: event.payload };
  const metadata: Partial<EventEnvelope['metadata']> = isObject(event.metadata) ? event.metadata : {};
  const entityType = entityTypeOf(event.type);
  const hasStates = isObject(payload.before) || isObject(payload.after);
  const occurredAt = typeof metadata.occurredAt === 'string' ? new Date(metadata.occurredAt) : null;
  return {
    eventId: event.eventId,
    source: textOrNull(event.source, MAX_TEXT) ?? 'unknown',
    userId: uuidOrNull(metadata.actorId) ?? uuidOrNull(payload.userId),
    organizationId: uuidOrNull(metadata.organizationId) ?? uuidOrNull(payload.organizationId),
    entityType,
    entityId: entityIdOf(event.streamId, entityType),
    action: truncateText(event.type, MAX_TEXT),
    beforeState: hasStates ? sanitizeState(payload.before) : null,
    afterState: hasStates ? sanitizeState(payload.after) : sanitizeState(payload),
    // The client address's key, never an address: events stored before issue 21 carry a raw `ip`,
    // which is not kept.
    ipAddress: textOrNull(metadata.addressKey, MAX_ADDRESS_KEY),
    userAgent: textOrNull(metadata.userAgent, MAX_AGENT),
    createdAt: occurredAt && !Number.isNaN(occurredAt.getTime()) ? occurredAt : now,
  };
}
