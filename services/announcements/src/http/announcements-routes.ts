import type { Express, Request } from 'express';
import { z } from 'zod';
import {
  createAnnouncementSchema,
  listAnnouncementsQuerySchema,
  type AnnouncementDetails,
} from '@tapinti/contracts/announcements-api';
import { NotFoundError } from '@tapinti/platform/errors';
import { callerOf, requireCaller, type Caller } from '@tapinti/platform/session';
import { parseInput } from '@tapinti/platform/validation';
import { requestMetadata } from '@tapinti/eventstore/request-metadata';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createAnnouncements } from '../application/announcements';
import { ANNOUNCEMENT_MESSAGES } from '../domain/announcement';
import { OBJECT_ID } from '../domain/photo';
import { searchTermsOf } from '../domain/search';
import {
  DEFAULT_LIST_LIMIT,
  findDetails,
  listByUser,
  listPublic,
  MAX_LIST_LIMIT,
} from '../store/announcements-store';

const LIMIT_MESSAGE = `Limit 1 ilə ${MAX_LIST_LIMIT} arasında tam ədəd olmalıdır`;

/**
 * `limit` (default 200): larger values are lowered to 500, the most one answer carries.
 * The list has no paging (spec: page size not shown); newest first.
 */
const listQuerySchema = listAnnouncementsQuerySchema.extend({
  search: z
    .string({ error: 'Axtarış sorğusu yanlışdır' })
    .trim()
    .max(200, 'Axtarış sorğusu ən çox 200 simvol ola bilər')
    .optional(),
  limit: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    z
      .string({ error: LIMIT_MESSAGE })
      .regex(/^\d{1,9}$/, LIMIT_MESSAGE)
      .transform(Number)
      .pipe(z.number().int().min(1, LIMIT_MESSAGE))
      .transform((n) => Math.min(n, MAX_LIST_LIMIT))
      .optional(),
  ),
});

/** Who may see an announcement's details: public ones any signed-in user; others their author and admins. */
function canSee(caller: Caller, a: AnnouncementDetails): boolean {
  if (a.isPublic) return true;
  if (caller.userId === a.userId || caller.role === 'super_admin') return true;
  return caller.role === 'org_admin' && !!a.organizationId && caller.organizationId === a.organizationId;
}

export function announcementsRoutes(app: Express, context: EventSourcedContext): void {
  const { knex } = context;
  const announcements = createAnnouncements(context);

  app.get('/api/announcements', async (req, res) => {
    const query = parseInput(listQuerySchema, req.query);
    const items = await listPublic(knex, {
      terms: searchTermsOf(query.search),
      category: query.category,
      limit: query.limit ?? DEFAULT_LIST_LIMIT,
    });
    res.setHeader('Cache-Control', 'no-store');
    res.json(items);
  });

  app.post('/api/announcements', requireCaller, async (req, res) => {
    const input = parseInput(createAnnouncementSchema, req.body);
    res.status(201).json(await announcements.create(callerOf(req), input, requestMetadata(req)));
  });

  app.get('/api/announcements/my', requireCaller, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await listByUser(knex, callerOf(req).userId));
  });

  app.get('/api/announcements/:id', requireCaller, async (req: Request<{ id: string }>, res) => {
    const caller = callerOf(req);
    const id = String(req.params.id).toLowerCase();
    const found = OBJECT_ID.test(id) ? await findDetails(knex, id) : null;
    if (!found || !canSee(caller, found)) throw new NotFoundError(ANNOUNCEMENT_MESSAGES.notFound);
    res.setHeader('Cache-Control', 'no-store');
    res.json(found);
  });
}
