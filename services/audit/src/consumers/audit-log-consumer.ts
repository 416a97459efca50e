import { topicOf, type EventEnvelope } from '@tapinti/contracts/event-envelope';
import { idempotentHandler } from '@tapinti/eventstore/idempotent-consumer';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { actorNamesEffect } from './actor-names';
import { auditLogEffect } from './audit-log';
import { composeEffects, type EffectEntry } from './effects';

/** The services whose events the audit log follows. */
export const AUDITED_SERVICES = ['auth', 'announcements', 'organizations', 'requests'] as const;

export const AUDIT_LOG_GROUP = 'audit.audit-log';

/** What the `audit.audit-log` group does with each event; extend with more entries. */
export const AUDIT_LOG_EFFECTS: EffectEntry[] = [actorNamesEffect, auditLogEffect];

/**
 * Subscribes the audit-log group to every audited topic. Each event's matching effects run in
 * one transaction with its `processed_events` record, so a redelivered event changes nothing.
 */
export async function startAuditConsumers(
  context: ServiceContext,
  effects: EffectEntry[] = AUDIT_LOG_EFFECTS,
) {
  const handlerFor = (type: string) =>
    idempotentHandler(context.knex, {
      schema: 'audit',
      consumer: AUDIT_LOG_GROUP,
      effects: { [type]: composeEffects(effects, type) },
    });
  await context.bus.subscribe(
    { groupId: AUDIT_LOG_GROUP, topics: AUDITED_SERVICES.map(topicOf) },
    (event: EventEnvelope) => handlerFor(event.type)(event),
  );
}
