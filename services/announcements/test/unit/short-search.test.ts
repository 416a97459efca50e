import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { searchWordsOf } from '@tapinti/matching/search-document';
import { searchColumnsOf } from '@tapinti/matching/search-columns';
import { announcementsModule } from '../../src/module';
import { listPublic, TABLE } from '../../src/store/queries';

describe('search words of 1–2 characters', () => {
  it('are words of their own, punctuation dropped, and match word starts', () => {
    const words = searchWordsOf('İP 8, (a) - Zq pulqabı,');
    expect(words.map((w) => w.folded)).toEqual(['ip', '8', 'a', 'zq', 'pulqabi']);
    expect(words.map((w) => w.isPrefix)).toEqual([true, true, true, true, false]);
  });
});

describe('short search on PGlite (word starts, migrations 006 and 014)', () => {
  let knex: Knex;
  const ids: Record<string, string> = {};

  async function insert(key: string, fields: { title: string; description: string; location: string }) {
    const id = randomUUID();
    ids[key] = id;
    await knex(TABLE).insert({
      id,
      user_id: randomUUID(),
      type: 'lost',
      category: 'other',
      created_at: new Date(Date.UTC(2025, 7, 1, 0, Object.keys(ids).length)),
      ...searchColumnsOf(fields),
      ...fields,
    });
  }

  const find = async (search: string) =>
    (await listPublic(knex, { words: searchWordsOf(search), limit: 200 })).map((a) => a.id).sort();

  beforeAll(async () => {
    knex = await createKnex({
      driver: 'pglite',
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'ann-short-')),
    });
    await migrateSchema(knex, 'announcements', [
      ...eventStoreMigrations('announcements'),
      ...announcementsModule.migrations,
    ]);
    await insert('phone', {
      title: 'iPhone 8 itib',
      description: 'Qara rəngli telefon, arxasında cızıq var',
      location: 'Nərimanov',
    });
    await insert('wallet', {
      title: 'Qara pulqabı',
      description: 'İçində şəxsiyyət vəsiqəsi (ŞV) var idi',
      location: 'Sahil bağı',
    });
  });
  afterAll(() => knex?.destroy());

  it('finds a 1–2 letter term at the start of a word, Azerbaijani-folded, in any field', async () => {
    expect(await find('IP')).toEqual([ids.phone]);
    expect(await find('8')).toEqual([ids.phone]);
    expect(await find('şv')).toEqual([ids.wallet]);
    // 'ı' and 'i' are one letter; 'İçində' starts with it, 'itib' too.
    expect(await find('ı')).toEqual([ids.phone, ids.wallet].sort());
    expect(await find('sa')).toEqual([ids.wallet]);
  });

  it('does not find it inside a word, nor what no word starts with', async () => {
    // 'qara' holds 'ar', 'arxasında' starts with it: only the phone.
    expect(await find('ar')).toEqual([ids.phone]);
    expect(await find('zq')).toEqual([]);
  });

  it('combines with longer terms, which still match anywhere', async () => {
    expect(await find('qara ip')).toEqual([ids.phone]);
    expect(await find('ulqab ı')).toEqual([ids.wallet]);
    expect(await find('ulqab zq')).toEqual([]);
  });

  it('keeps the word starts when the text changes', async () => {
    const columns = searchColumnsOf({ title: 'Zqara', description: 'Dəyişdi', location: 'Bakı' });
    await knex(TABLE).where({ id: ids.wallet }).update(columns);
    expect(await find('zq')).toEqual([ids.wallet]);
    expect(await find('şv')).toEqual([]);
  });
});
