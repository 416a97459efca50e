import type { Knex } from '@tapinti/platform/db';

const TABLE = 'notifications.conversation_mail';

export interface ConversationMail {
  userId: string;
  conversationId: string;
  announcementId: string;
  link: string;
  lastMailedAt: Date;
  pendingCount: number;
}

const mailOf = (r: any): ConversationMail => ({
  userId: r.user_id,
  conversationId: r.conversation_id,
  announcementId: r.announcement_id,
  link: r.link,
  lastMailedAt: new Date(r.last_mailed_at),
  pendingCount: r.pending_count,
});

/** The recipient's record for the conversation, locked until the transaction ends. */
export async function lockConversationMail(
  trx: Knex.Transaction,
  userId: string,
  conversationId: string,
): Promise<ConversationMail | null> {
  const row = await trx(TABLE)
    .where({ user_id: userId, conversation_id: conversationId })
    .forUpdate()
    .first();
  return row ? mailOf(row) : null;
}

/** An e-mail about the conversation went out now: nothing waits any more. */
export async function recordMailed(
  trx: Knex.Transaction,
  mail: Omit<ConversationMail, 'pendingCount' | 'lastMailedAt'>,
  at: Date,
) {
  await trx(TABLE)
    .insert({
      user_id: mail.userId,
      conversation_id: mail.conversationId,
      announcement_id: mail.announcementId,
      link: mail.link,
      last_mailed_at: at,
      pending_count: 0,
    })
    .onConflict(['user_id', 'conversation_id'])
    .merge(['last_mailed_at', 'pending_count']);
}

/** One more message waits for the digest. */
export async function addPending(trx: Knex.Transaction, userId: string, conversationId: string) {
  await trx(TABLE).where({ user_id: userId, conversation_id: conversationId }).increment('pending_count', 1);
}

/** Records whose waiting messages are due their digest: the last e-mail is at least `windowMs` old. */
export async function digestsDue(db: Knex, now: Date, windowMs: number, limit: number) {
  const rows = await db(TABLE)
    .where('pending_count', '>', 0)
    .andWhere('last_mailed_at', '<=', new Date(now.getTime() - windowMs))
    .orderBy('last_mailed_at')
    .limit(limit);
  return rows.map(mailOf);
}
