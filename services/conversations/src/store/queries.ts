import type { Knex } from 'knex';
import type { ReportedConversation } from '@tapinti/contracts/conversations-api';
import type {
  ConversationSide,
  ReportReason,
  ShareableContact,
} from '@tapinti/contracts/conversations-events';
import { TABLES } from './tables';

export interface ConversationRow {
  id: string;
  subject: 'claim';
  subjectId: string;
  announcementId: string;
  claimantUserId: string;
  holderUserId: string | null;
  holderOrganizationId: string | null;
  openedAt: Date;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export async function findConversation(db: Knex, id: string): Promise<ConversationRow | null> {
  const row = await db(TABLES.conversations).where({ id }).first();
  if (!row) return null;
  return {
    id: row.id,
    subject: row.subject,
    subjectId: row.subject_id,
    announcementId: row.announcement_id,
    claimantUserId: row.claimant_user_id,
    holderUserId: row.holder_user_id,
    holderOrganizationId: row.holder_organization_id,
    openedAt: new Date(row.opened_at),
  };
}

export interface MessageRow {
  id: string;
  senderUserId: string;
  side: ConversationSide;
  senderName: string | null;
  text: string;
  postedAt: string;
}

/** Its messages, oldest first, with what was written and who wrote it. */
export async function messagesOf(db: Knex, conversationId: string): Promise<MessageRow[]> {
  const rows = await db(`${TABLES.messages} as m`)
    .join(`${TABLES.messageTexts} as t`, 't.message_id', 'm.id')
    .leftJoin(`${TABLES.users} as u`, 'u.user_id', 'm.sender_user_id')
    .select('m.id', 'm.sender_user_id', 'm.side', 'm.posted_at', 't.text', 'u.username')
    .where('m.conversation_id', conversationId)
    .orderBy([
      { column: 'm.posted_at', order: 'asc' },
      { column: 'm.id', order: 'asc' },
    ]);
  return rows.map((r) => ({
    id: r.id,
    senderUserId: r.sender_user_id,
    side: r.side,
    senderName: r.username ?? null,
    text: r.text,
    postedAt: iso(r.posted_at),
  }));
}

export interface SharedContactRow {
  userId: string;
  side: ConversationSide;
  contact: ShareableContact;
  senderName: string | null;
  value: string | null;
  sharedAt: string;
}

export async function sharedContactsOf(db: Knex, conversationId: string): Promise<SharedContactRow[]> {
  const rows = await db(`${TABLES.sharedContacts} as s`)
    .leftJoin(`${TABLES.contactValues} as v`, function join() {
      this.on('v.conversation_id', 's.conversation_id')
        .andOn('v.user_id', 's.user_id')
        .andOn('v.contact', 's.contact');
    })
    .leftJoin(`${TABLES.users} as u`, 'u.user_id', 's.user_id')
    .select('s.user_id', 's.side', 's.contact', 's.shared_at', 'v.value', 'u.username')
    .where('s.conversation_id', conversationId)
    .orderBy('s.shared_at', 'asc');
  return rows.map((r) => ({
    userId: r.user_id,
    side: r.side,
    contact: r.contact,
    senderName: r.username ?? null,
    value: r.value ?? null,
    sharedAt: iso(r.shared_at),
  }));
}

export async function reportersOf(db: Knex, conversationId: string): Promise<string[]> {
  const rows = await db(TABLES.reports).select('reported_by').where({ conversation_id: conversationId });
  return rows.map((r) => r.reported_by as string);
}

/** Reported conversations, the latest report first (the newest 500). */
export async function listReported(db: Knex): Promise<ReportedConversation[]> {
  const rows = await db(`${TABLES.reports} as r`)
    .join(`${TABLES.conversations} as c`, 'c.id', 'r.conversation_id')
    .select('c.id', 'c.subject_id', 'c.announcement_id')
    .count({ reports: '*' })
    .max({ last_reported_at: 'r.reported_at' })
    .select(db.raw('array_agg(distinct r.reason) as reasons'))
    .select(
      db.raw(`(select count(*) from ${TABLES.messages} m where m.conversation_id = c.id) as message_count`),
    )
    .groupBy('c.id', 'c.subject_id', 'c.announcement_id')
    .orderBy('last_reported_at', 'desc')
    .limit(500);
  return rows.map((r: any) => ({
    id: r.id,
    subjectId: r.subject_id,
    announcementId: r.announcement_id,
    reports: Number(r.reports),
    reasons: (r.reasons as ReportReason[]).slice().sort(),
    lastReportedAt: iso(r.last_reported_at),
    messages: Number(r.message_count),
  }));
}

export async function insertMessageText(trx: Knex.Transaction, messageId: string, text: string) {
  await trx(TABLES.messageTexts).insert({ message_id: messageId, text });
}

export async function insertContactValue(
  trx: Knex.Transaction,
  row: { conversationId: string; userId: string; contact: ShareableContact; value: string },
) {
  await trx(TABLES.contactValues)
    .insert({
      conversation_id: row.conversationId,
      user_id: row.userId,
      contact: row.contact,
      value: row.value,
    })
    .onConflict(['conversation_id', 'user_id', 'contact'])
    .ignore();
}

/** When the sender wrote in the conversation since `since` (the hourly message limit). */
export async function sentSince(
  trx: Knex.Transaction,
  conversationId: string,
  senderUserId: string,
  since: Date,
): Promise<Date[]> {
  const rows = await trx(TABLES.messages)
    .select('posted_at')
    .where({ conversation_id: conversationId, sender_user_id: senderUserId })
    .andWhere('posted_at', '>', since);
  return rows.map((r) => new Date(r.posted_at));
}
