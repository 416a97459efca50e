import type { MessagePostedV1 } from '@tapinti/contracts/conversations-events';
import type { Knex } from '@tapinti/platform/db';
import { CONVERSATION_MAIL_WINDOW_MS, mailsAtOnce } from '../domain/conversation-mail';
import * as templates from '../domain/templates';
import { addPending, digestsDue, lockConversationMail, recordMailed } from '../store/conversation-mail';
import { findAnnouncement, organizationMembers } from '../store/directory';
import { notify } from './notify';

/**
 * Who hears about a message: the other side — the claimant, or whoever holds the item (its finder,
 * or every admin and staff member of the holding organisation), never the sender — each with the
 * page where they read that claim.
 */
async function otherSide(
  trx: Knex.Transaction,
  p: MessagePostedV1,
): Promise<{ userId: string; link: string }[]> {
  if (p.senderSide === 'holder')
    return [{ userId: p.claimantUserId, link: templates.claimLink('requests', p.conversationId) }];
  if (p.holderUserId)
    return [{ userId: p.holderUserId, link: templates.claimLink('incoming', p.conversationId) }];
  if (!p.holderOrganizationId) return [];
  const members = await organizationMembers(trx, p.holderOrganizationId);
  return members.map((m) => ({
    userId: m.userId,
    link: templates.claimLink('organization', p.conversationId),
  }));
}

/**
 * `conversations.message.posted` → the other side, in the app at once; by e-mail at once when
 * nothing about this conversation was e-mailed to them within the window, else gathered into the
 * digest the reminders job writes (`digestConversationMessages`).
 */
export async function conversationMessagePosted(
  trx: Knex.Transaction,
  p: MessagePostedV1,
  context: { now(): Date },
): Promise<number> {
  const now = context.now();
  const announcement = await findAnnouncement(trx, p.announcementId);
  let emails = 0;
  for (const recipient of await otherSide(trx, p)) {
    if (recipient.userId === p.senderUserId) continue;
    const last = await lockConversationMail(trx, recipient.userId, p.conversationId);
    const atOnce = mailsAtOnce(last, now);
    if (atOnce)
      await recordMailed(
        trx,
        {
          userId: recipient.userId,
          conversationId: p.conversationId,
          announcementId: p.announcementId,
          link: recipient.link,
        },
        now,
      );
    else await addPending(trx, recipient.userId, p.conversationId);
    const draft = templates.conversationMessage({
      messageId: p.messageId,
      conversationId: p.conversationId,
      announcementId: p.announcementId,
      announcementTitle: announcement?.title ?? null,
      link: recipient.link,
    });
    emails += await notify(trx, draft, [{ userId: recipient.userId, inAppOnly: !atOnce }], now);
  }
  return emails;
}

const DIGESTS_PER_RUN = 500;

/**
 * The reminders job's part: one e-mail per recipient and conversation whose messages waited out
 * the window ("N new messages"), e-mail only (the app told each one already). Its subject is the
 * conversation and the last e-mail's time, so a run twice writes it once.
 */
export async function digestConversationMessages(db: Knex, now: Date): Promise<number> {
  let emails = 0;
  for (const due of await digestsDue(db, now, CONVERSATION_MAIL_WINDOW_MS, DIGESTS_PER_RUN)) {
    emails += await db.transaction(async (trx) => {
      const current = await lockConversationMail(trx, due.userId, due.conversationId);
      if (!current || current.pendingCount === 0) return 0;
      const announcement = await findAnnouncement(trx, current.announcementId);
      const draft = templates.conversationDigest({
        conversationId: current.conversationId,
        announcementId: current.announcementId,
        announcementTitle: announcement?.title ?? null,
        count: current.pendingCount,
        since: current.lastMailedAt,
        link: current.link,
      });
      await recordMailed(trx, current, now);
      return notify(trx, draft, [{ userId: current.userId, emailOnly: true }], now);
    });
  }
  return emails;
}
