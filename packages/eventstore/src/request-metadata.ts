import type { Request } from 'express';
import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import { truncateText } from '@tapinti/contracts/input-text';
import { REQUEST_ID_HEADER } from '@tapinti/platform/http';

/** Event metadata for a change caused by this request: actor, organisation, address key, agent. */
export function requestMetadata(
  req: Request,
  actorId: string | null = req.caller?.userId ?? null,
): EventMetadata {
  const agent = req.headers['user-agent'];
  const requestId = req.headers[REQUEST_ID_HEADER];
  return {
    actorId,
    organizationId: req.caller?.organizationId ?? null,
    addressKey: req.addressKey ?? null,
    userAgent: typeof agent === 'string' ? truncateText(agent, 512) : null,
    correlationId: typeof requestId === 'string' ? requestId : null,
    occurredAt: new Date().toISOString(),
  };
}

/** Metadata for changes the system makes by itself (jobs, seeding). */
export function systemMetadata(correlationId: string | null = null): EventMetadata {
  return {
    actorId: null,
    organizationId: null,
    addressKey: null,
    userAgent: null,
    correlationId,
    occurredAt: new Date().toISOString(),
  };
}
