import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import pino from 'pino';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { createEventSourcing } from '@tapinti/eventstore/event-sourcing';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createMemoryKeyValueStore } from '@tapinti/ports/memory-key-value-store';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { usersAndCredentials } from '../../migrations/001-users-and-credentials';
import { invitations } from '../../migrations/002-invitations';
import { usernameSkeletons } from '../../migrations/003-username-skeletons';
import { accountTrust } from '../../migrations/004-account-trust';
import { invitationRoles } from '../../migrations/005-invitation-roles';
import { subscriptions } from '../../src/consumers/subscriptions';
import { projectAuthEvent } from '../../src/store/projection';

export const TEST_CONFIG = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  SESSION_TTL_SECONDS: 3600,
  EMAIL_VERIFICATION_TTL_MS: 48 * 3600 * 1000,
  PASSWORD_RESET_TTL_MS: 3600 * 1000,
  ACCOUNT_PURGE_AFTER_MS: 30 * 24 * 3600 * 1000,
  PASSWORD_HASH_CONCURRENCY: 1,
  PASSWORD_HASH_QUEUE: 4,
};

/** The auth service's context on a fresh PGlite database, with a memory key-value store. */
export async function authContextOnPglite(
  clock: () => Date = () => new Date(),
): Promise<EventSourcedContext & { knex: Knex }> {
  const knex = await createKnex({
    driver: 'pglite',
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'auth-')),
  });
  await migrateSchema(knex, 'auth', [
    ...eventStoreMigrations('auth'),
    usersAndCredentials,
    invitations,
    usernameSkeletons,
    accountTrust,
    invitationRoles,
  ]);
  const es = createEventSourcing(knex, {
    schema: 'auth',
    source: 'auth',
    project: projectAuthEvent,
    readModelTables: ['users', 'account_links'],
  });
  return {
    knex,
    es,
    kv: createMemoryKeyValueStore(),
    clock,
    logger: pino({ level: 'silent' }),
    config: TEST_CONFIG,
  } as unknown as EventSourcedContext & { knex: Knex };
}

/**
 * Hands one event of another service to auth's consumer group as the bus would: the handler of
 * its (type, version), its payload parsed by the handler's schema, in one transaction.
 */
export async function deliver(
  context: EventSourcedContext,
  event: { type: string; payload: unknown; source?: string; streamId?: string; schemaVersion?: number },
): Promise<void> {
  const schemaVersion = event.schemaVersion ?? 1;
  const handler = subscriptions(context)
    .flatMap((group) => [group.handlers[event.type]?.[schemaVersion]])
    .find(Boolean);
  if (!handler) throw new Error(`auth does not consume ${event.type}`);
  const payload = handler.schema.parse(event.payload);
  const envelope: EventEnvelope = {
    eventId: randomUUID(),
    type: event.type,
    schemaVersion,
    source: event.source ?? 'organizations',
    streamId: event.streamId ?? `invitation-${randomUUID()}`,
    streamVersion: 1,
    position: 1,
    payload,
    metadata: systemMetadata(),
  };
  const prepared = await handler.prepare?.(context.knex, payload, envelope);
  await context.knex.transaction((trx) => handler.handle(trx, payload, envelope, prepared));
}
