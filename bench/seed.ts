// Bulk seeding of announcements straight into the announcements service's event store and read
// model, in batches (one INSERT … SELECT unnest(…) per table per batch): the same rows the
// service would write (payloads per announcements-events.ts, the search columns by its searchColumnsOf).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { announcementStreamId, type AnnouncementCreatedV1 } from '@tapinti/contracts/announcements-events';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { placeColumnsOf, searchColumnsOf } from '@tapinti/matching/search-columns';

const ITEMS: Array<[string, AnnouncementCreatedV1['category']]> = [
  ['Qara pulqabı', 'bags'],
  ['Ağ telefon', 'phones'],
  ['Maşın açarı', 'keys'],
  ['Şəxsiyyət vəsiqəsi', 'documents'],
  ['Qırmızı çanta', 'bags'],
  ['Samsung telefon', 'phones'],
  ['Ev açarları', 'keys'],
  ['Sürücülük vəsiqəsi', 'documents'],
  ['Uşaq oyuncağı', 'other'],
  ['Qızıl üzük', 'other'],
  ['Eynək', 'other'],
  ['Dəri pulqabı', 'bags'],
];
const PLACES = [
  'Gənclik metrosu',
  '28 May metrosu',
  'İçərişəhər',
  'Nizami küçəsi',
  'Ağ Şəhər',
  'Sumqayıt',
  'Gəncə',
  'Şəki',
  'Nərimanov',
  'Xətai',
];

const DAY = 24 * 3600 * 1000;

export interface SeedOptions {
  total: number;
  /** Every n-th one is old and archived (the rest are open, created within the last 25 days). */
  archivedEvery: number;
  batchSize: number;
  archiveAfterMs: number;
}

export async function seedAnnouncements(
  client: pg.Client,
  options: SeedOptions,
): Promise<{ open: number; archived: number }> {
  const now = Date.now();
  const users = Array.from({ length: 500 }, () => randomUUID());
  const metadata = JSON.stringify(systemMetadata('bench-seed'));
  let open = 0;
  let archived = 0;
  for (let start = 0; start < options.total; start += options.batchSize) {
    const count = Math.min(options.batchSize, options.total - start);
    const ev = {
      ids: [] as string[],
      streams: [] as string[],
      versions: [] as number[],
      types: [] as string[],
      payloads: [] as string[],
    };
    const rm = {
      id: [] as string[],
      user: [] as string[],
      type: [] as string[],
      title: [] as string[],
      description: [] as string[],
      category: [] as string[],
      location: [] as string[],
      contact: [] as string[],
      reward: [] as number[],
      rewardDescription: [] as Array<string | null>,
      status: [] as string[],
      active: [] as boolean[],
      createdAt: [] as string[],
      archivedAt: [] as Array<string | null>,
      search: [] as string[],
      searchFolded: [] as string[],
      searchTerms: [] as string[],
      placeId: [] as Array<string | null>,
      placeArea: [] as string[],
    };
    for (let k = 0; k < count; k++) {
      const i = start + k;
      const [item, category] = ITEMS[i % ITEMS.length]!;
      const place = PLACES[Math.floor(i / ITEMS.length) % PLACES.length]!;
      const isArchived = i % options.archivedEvery === 0;
      const type = i % 3 === 0 ? 'found' : 'lost';
      const createdAt = isArchived
        ? new Date(now - options.archiveAfterMs - DAY - (i % 10) * DAY)
        : new Date(now - 25 * DAY + Math.floor((i / options.total) * 25 * DAY));
      const announcementId = randomUUID();
      const payload: AnnouncementCreatedV1 = {
        announcementId,
        userId: users[i % users.length]!,
        organizationId: null,
        type,
        title: `${item} ${type === 'lost' ? 'itirilib' : 'tapılıb'}`,
        description: `${item} ${place} ərazisində ${type === 'lost' ? 'itirilib' : 'tapılıb'}. Elan kodu: E${i}.`,
        category,
        location: place,
        roomNumber: null,
        contactInfo: `+99450${String(1_000_000 + (i % 8_999_999)).padStart(7, '0')}`,
        imageUrl: null,
        rewardAmount: type === 'lost' && i % 4 === 1 ? 10 + (i % 20) * 5 : 0,
        rewardDescription: null,
        isPublic: true,
        createdAt: createdAt.toISOString(),
      };
      const stream = announcementStreamId(announcementId);
      ev.ids.push(randomUUID());
      ev.streams.push(stream);
      ev.versions.push(1);
      ev.types.push('announcements.announcement.created');
      ev.payloads.push(JSON.stringify(payload));
      const archivedAt = isArchived
        ? new Date(createdAt.getTime() + options.archiveAfterMs).toISOString()
        : null;
      if (archivedAt) {
        ev.ids.push(randomUUID());
        ev.streams.push(stream);
        ev.versions.push(2);
        ev.types.push('announcements.announcement.archived');
        ev.payloads.push(JSON.stringify({ announcementId, reason: 'expired', archivedAt }));
        archived += 1;
      } else open += 1;
      rm.id.push(announcementId);
      rm.user.push(payload.userId);
      rm.type.push(type);
      rm.title.push(payload.title);
      rm.description.push(payload.description);
      rm.category.push(category);
      rm.location.push(place);
      rm.contact.push(payload.contactInfo!);
      rm.reward.push(payload.rewardAmount);
      rm.rewardDescription.push(payload.rewardAmount ? `${payload.rewardAmount} AZN mükafat` : null);
      rm.status.push(isArchived ? 'archived' : 'open');
      rm.active.push(!isArchived);
      rm.createdAt.push(payload.createdAt);
      rm.archivedAt.push(archivedAt);
      const searchColumns = searchColumnsOf(payload);
      rm.search.push(searchColumns.search_text);
      rm.searchFolded.push(searchColumns.search_folded);
      // As an array literal: unnest of a text[][] would flatten the arrays of all rows.
      rm.searchTerms.push(`{${searchColumns.search_terms.map((t) => JSON.stringify(t)).join(',')}}`);
      const placeColumns = placeColumnsOf(payload);
      rm.placeId.push(placeColumns.place_id);
      rm.placeArea.push(`{${placeColumns.place_area.map((t) => JSON.stringify(t)).join(',')}}`);
    }
    await client.query('begin');
    await client.query(
      `insert into announcements.events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata)
       select e.id, e.stream, e.version, e.type, 1, e.payload, $6::jsonb
       from unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::jsonb[]) as e(id, stream, version, type, payload)`,
      [ev.ids, ev.streams, ev.versions, ev.types, ev.payloads, metadata],
    );
    await client.query(
      `insert into announcements.announcements (id, user_id, type, title, description, category, location, contact_info,
         reward_amount, reward_description, status, is_public, is_active, created_at, archived_at, search_text,
         search_folded, search_terms, place_id, place_area)
       select r.id, r.user_id, r.type, r.title, r.description, r.category, r.location, r.contact, r.reward, r.reward_description,
         r.status, true, r.active, r.created_at, r.archived_at, r.search, r.search_folded, r.search_terms::text[],
         r.place_id, r.place_area::text[]
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[],
         $10::text[], $11::text[], $12::boolean[], $13::timestamptz[], $14::timestamptz[], $15::text[],
         $16::text[], $17::text[], $18::text[], $19::text[])
         as r(id, user_id, type, title, description, category, location, contact, reward, reward_description, status, active,
           created_at, archived_at, search, search_folded, search_terms, place_id, place_area)`,
      [
        rm.id,
        rm.user,
        rm.type,
        rm.title,
        rm.description,
        rm.category,
        rm.location,
        rm.contact,
        rm.reward,
        rm.rewardDescription,
        rm.status,
        rm.active,
        rm.createdAt,
        rm.archivedAt,
        rm.search,
        rm.searchFolded,
        rm.searchTerms,
        rm.placeId,
        rm.placeArea,
      ],
    );
    await client.query('commit');
  }
  // The seeded events are history: the relay starts after them instead of pushing 100 000
  // events through Kafka while the benchmark runs (so audit's analytics do not count them).
  await client.query(
    `insert into announcements.relay_checkpoints (name, position)
     select 'bus', coalesce(max(position), 0) from announcements.events
     on conflict (name) do update set position = excluded.position`,
  );
  // The stems the projection would have remembered (`rememberSearchTerms`).
  await client.query(
    `insert into announcements.search_vocabulary (term)
     select distinct term from announcements.announcements, unnest(search_terms) as term
     where term like 's:%' on conflict do nothing`,
  );
  // Statistics as autovacuum would gather after such a load: the planner's estimates of how many
  // rows a search or filter matches come from them.
  await client.query('analyze announcements.announcements');
  await client.query('analyze announcements.listed_counts');
  await client.query('analyze announcements.events');
  return { open, archived };
}
