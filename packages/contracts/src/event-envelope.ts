/** Who caused an event and from where; carried by every event through every service. */
export interface EventMetadata {
  actorId: string | null;
  organizationId: string | null;
  /**
   * The client address's keyed hash (`addressKeyOf`, HMAC with the platform secret), never the
   * address itself (issue 21); events stored before it carry `ip` instead, which nothing reads.
   */
  addressKey: string | null;
  userAgent: string | null;
  /** The request id of the call that caused the event. */
  correlationId: string | null;
  /** UTC, ISO 8601. */
  occurredAt: string;
}

/** An event as stored and as published on `<service>.events`, keyed by streamId. */
export interface EventEnvelope<P = unknown> {
  eventId: string;
  /** `<context>.<aggregate>.<past-tense>` */
  type: string;
  schemaVersion: number;
  /** The service whose event store holds it. */
  source: string;
  streamId: string;
  streamVersion: number;
  /** Global position in the source service's store. */
  position: number;
  payload: P;
  metadata: EventMetadata;
}

export function topicOf(service: string): string {
  return `${service}.events`;
}
