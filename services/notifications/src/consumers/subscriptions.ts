import { ANNOUNCEMENT_EVENT_SCHEMAS } from '@tapinti/contracts/announcements-events';
import { AUTH_EVENT_SCHEMAS } from '@tapinti/contracts/auth-events';
import { CONVERSATION_EVENT_SCHEMAS } from '@tapinti/contracts/conversations-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { INVENTORY_EVENT_SCHEMAS } from '@tapinti/contracts/inventory-events';
import { ORGANIZATION_EVENT_SCHEMAS } from '@tapinti/contracts/organizations-events';
import { REQUEST_EVENT_SCHEMAS } from '@tapinti/contracts/requests-events';
import { VENUE_CHECK_EVENT_SCHEMAS } from '@tapinti/contracts/venue-checks-events';
import type { Knex } from '@tapinti/platform/db';
import { on, type ConsumerGroup, type EventHandlers } from '@tapinti/eventstore/subscriptions';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { TRIGGERS, type TriggerContext } from '../application/triggers';
import { dispatcherOf } from '../jobs/dispatcher';
import { savedSearchCandidates } from './saved-search-candidates';
import { recordConsumedEvent } from '../store/consumed-events';
import { DIRECTORY_EVENT_TYPES, projectDirectory } from '../store/directory';

export const TRIGGERS_GROUP = 'notifications.triggers';

const SCHEMAS: Record<string, Record<number, import('zod').ZodType>> = {
  ...AUTH_EVENT_SCHEMAS,
  ...ANNOUNCEMENT_EVENT_SCHEMAS,
  ...ORGANIZATION_EVENT_SCHEMAS,
  ...REQUEST_EVENT_SCHEMAS,
  ...VENUE_CHECK_EVENT_SCHEMAS,
  ...INVENTORY_EVENT_SCHEMAS,
  ...CONVERSATION_EVENT_SCHEMAS,
};

/**
 * Applies one consumed event, in its batch's transaction (with the batch's processed ids, see
 * subscribeConsumerGroup): kept in `consumed_events`, projected into the directory, then its
 * trigger writes the notifications. E-mail rows are handed to the job queue by the dispatcher once
 * the transaction has committed (nudged here; it also polls).
 */
export function applyConsumedEvent(
  context: TriggerContext,
  onEmailsCommitted: (committed: Promise<unknown>) => void,
) {
  return async (trx: Knex.Transaction, payload: unknown, event: EventEnvelope) => {
    await recordConsumedEvent(trx, event, payload);
    await projectDirectory(trx, event.type, payload);
    const queued = (await TRIGGERS[event.type]?.(trx, payload, context, event)) ?? 0;
    if (queued > 0) onEmailsCommitted(trx.executionPromise);
  };
}

/**
 * The notifications service's consumer groups: `notifications.triggers`, every event of auth,
 * announcements, organizations, requests, inventory and conversations the directory or a trigger
 * needs, each version its contract defines; and `notifications.saved-search-candidates`, the new
 * announcements saved searches are matched against (issue 26).
 */
export function subscriptions(context: ServiceContext): ConsumerGroup[] {
  const apply = applyConsumedEvent(
    {
      now: context.clock,
      archiveAfterMs: context.config.ANNOUNCEMENT_ARCHIVE_AFTER_MS,
      complaintMailRules: context.config.COMPLAINT_MAILS_PER_RECIPIENT,
    },
    (committed) =>
      void committed.then(
        () => dispatcherOf(context)?.nudge(),
        () => undefined,
      ),
  );
  const handlers: EventHandlers = {};
  // Events the directory keeps, and those that only trigger notifications (a match found).
  for (const type of new Set([...DIRECTORY_EVENT_TYPES, ...Object.keys(TRIGGERS)])) {
    handlers[type] = {};
    for (const [version, schema] of Object.entries(SCHEMAS[type] ?? {}))
      handlers[type][Number(version)] = on(schema, apply);
  }
  return [{ groupId: TRIGGERS_GROUP, handlers }, savedSearchCandidates()];
}
