import type { Knex } from 'knex';
import { ANALYTICS_EXPECTED_EVENTS as EXPECTED } from '@tapinti/contracts/analytics-api';
import {
  ANNOUNCEMENT_EVENTS,
  announcementArchivedV1Schema,
  announcementCreatedV1Schema,
} from '@tapinti/contracts/announcements-events';
import {
  AUTH_EVENTS,
  userProfileUpdatedV1,
  userRegisteredV1,
  userRoleChangedV1,
} from '@tapinti/contracts/auth-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import type { EventEffect } from '@tapinti/eventstore/idempotent-consumer';
import type { Logger } from '@tapinti/platform/logger';
import { z } from 'zod';
import { searchTextOf } from './fold';

const USERS = 'audit.analytics_users';
const ANNOUNCEMENTS = 'audit.analytics_announcements';
const ORGANIZATIONS = 'audit.analytics_organizations';
const REQUESTS = 'audit.analytics_requests';

// Organizations and requests services do not exist yet: their payloads are read leniently
// (the names in analytics-api.ts), so whatever they end up adding does not break this consumer.
const organizationCreated = z.looseObject({
  organizationId: z.uuid(),
  name: z.string(),
  type: z.string().default('other'),
  contactEmail: z.string().nullish(),
  isActive: z.boolean().default(true),
  createdAt: z.string().optional(),
});
const organizationRef = z.looseObject({ organizationId: z.uuid() });
const requestCreated = z.looseObject({
  requestId: z.uuid(),
  announcementId: z.uuid().nullish(),
  organizationId: z.uuid().nullish(),
  status: z.string().default('pending'),
  createdAt: z.string().optional(),
});
const requestStatusChanged = z.looseObject({
  requestId: z.uuid(),
  status: z.string().optional(),
  to: z.string().optional(),
  after: z.looseObject({ status: z.string().optional() }).optional(),
});

const whenOf = (event: EventEnvelope, createdAt?: string) => createdAt ?? event.metadata.occurredAt;

/** The analytics effect of each event type (v1 payloads); anything unreadable is logged and skipped. */
export function analyticsEffects(logger: Logger): Record<string, EventEffect> {
  const read =
    <S extends z.ZodType>(
      schema: S,
      apply: (trx: Knex.Transaction, payload: z.infer<S>, event: EventEnvelope) => Promise<void>,
    ): EventEffect =>
    async (trx, event) => {
      const parsed = schema.safeParse(event.payload);
      if (event.schemaVersion !== 1 || !parsed.success) {
        logger.warn(
          { eventId: event.eventId, type: event.type, schemaVersion: event.schemaVersion },
          'analytics skipped an unreadable event',
        );
        return;
      }
      await apply(trx, parsed.data, event);
    };

  return {
    [AUTH_EVENTS.registered]: read(userRegisteredV1, async (trx, p, event) => {
      await trx(USERS)
        .insert({
          id: p.userId,
          username: p.username,
          email: p.email,
          phone: p.phone,
          role: p.role,
          created_at: event.metadata.occurredAt,
          search_text: searchTextOf(p.username, p.email, p.phone),
        })
        .onConflict('id')
        .ignore();
    }),
    [AUTH_EVENTS.profileUpdated]: read(userProfileUpdatedV1, async (trx, p) => {
      const user = await trx(USERS).where({ id: p.userId }).first();
      if (!user) return;
      const next = {
        username: p.after.username ?? user.username,
        email: p.after.email ?? user.email,
        phone: p.after.phone === undefined ? user.phone : p.after.phone,
      };
      await trx(USERS)
        .where({ id: p.userId })
        .update({ ...next, search_text: searchTextOf(next.username, next.email, next.phone) });
    }),
    [AUTH_EVENTS.roleChanged]: read(userRoleChangedV1, async (trx, p) => {
      await trx(USERS).where({ id: p.userId }).update({ role: p.after.role });
    }),
    [ANNOUNCEMENT_EVENTS.created]: read(announcementCreatedV1Schema, async (trx, p) => {
      await trx(ANNOUNCEMENTS)
        .insert({
          id: p.announcementId,
          user_id: p.userId,
          type: p.type,
          title: p.title,
          category: p.category,
          location: p.location,
          status: 'open',
          created_at: p.createdAt,
          search_text: searchTextOf(p.title, p.description, p.location),
        })
        .onConflict('id')
        .ignore();
    }),
    [ANNOUNCEMENT_EVENTS.archived]: read(announcementArchivedV1Schema, async (trx, p) => {
      await trx(ANNOUNCEMENTS).where({ id: p.announcementId }).update({ status: 'archived' });
    }),
    [EXPECTED.organizationCreated]: read(organizationCreated, async (trx, p, event) => {
      await trx(ORGANIZATIONS)
        .insert({
          id: p.organizationId,
          name: p.name,
          type: p.type,
          is_active: p.isActive,
          created_at: whenOf(event, p.createdAt),
          search_text: searchTextOf(p.name, p.contactEmail),
        })
        .onConflict('id')
        .ignore();
    }),
    [EXPECTED.organizationActivated]: read(organizationRef, async (trx, p) => {
      await trx(ORGANIZATIONS).where({ id: p.organizationId }).update({ is_active: true });
    }),
    [EXPECTED.organizationDeactivated]: read(organizationRef, async (trx, p) => {
      await trx(ORGANIZATIONS).where({ id: p.organizationId }).update({ is_active: false });
    }),
    [EXPECTED.requestCreated]: read(requestCreated, async (trx, p, event) => {
      await trx(REQUESTS)
        .insert({
          id: p.requestId,
          announcement_id: p.announcementId ?? null,
          organization_id: p.organizationId ?? null,
          status: p.status,
          created_at: whenOf(event, p.createdAt),
        })
        .onConflict('id')
        .ignore();
    }),
    [EXPECTED.requestStatusChanged]: read(requestStatusChanged, async (trx, p) => {
      const status = p.status ?? p.after?.status ?? p.to;
      if (status) await trx(REQUESTS).where({ id: p.requestId }).update({ status });
    }),
  };
}
