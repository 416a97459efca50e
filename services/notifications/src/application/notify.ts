import { randomUUID } from 'node:crypto';
import { TRANSACTIONAL_NOTIFICATION_TYPES } from '@tapinti/contracts/notifications-api';
import type { Knex } from '@tapinti/platform/db';
import type { Draft } from '../domain/templates';
import { organizationAdmins, type DirectoryOrganization } from '../store/directory';
import { insertNotifications, type NewNotification } from '../store/notifications';
import { addressRecipient, emailAllowed, userRecipient } from '../store/preferences';

/**
 * Who a notification goes to: a user (in-app, and e-mail to their current address), or an
 * address without an account (e-mail only, e.g. an applicant), or a user at a given address.
 */
export interface Recipient {
  userId: string | null;
  /** Set: the e-mail goes here. Unset: to the user's address as the directory knows it at sending. */
  email?: string | null;
  /** In the app only, no e-mail (e.g. a complaint's complainant without a verified address). */
  inAppOnly?: boolean;
  /**
   * By e-mail only, no in-app row: a digest of what the app already told one by one (conversation
   * messages, a saved search's alerts).
   */
  emailOnly?: boolean;
}

export const recipientKeyOf = (r: Recipient): string | null =>
  r.userId ? userRecipient(r.userId) : r.email ? addressRecipient(r.email) : null;

/**
 * Writes a notification for each recipient, in the caller's transaction (a consumed event's batch,
 * or a reminder run): an in-app row for a user (delivered as written: `sent`), and an e-mail row
 * (`pending`, for the send job) unless the recipient turned e-mails of this type off. The dedupe key
 * `<type>:<subject>:<recipient>` makes a trigger seen twice create nothing twice. Transactional
 * types (verification, password reset) are e-mail only and ignore the preferences.
 * Returns how many e-mail rows were created.
 */
export async function notify(
  trx: Knex.Transaction,
  draft: Draft,
  recipients: Recipient[],
  at: Date,
): Promise<number> {
  const rows: NewNotification[] = [];
  const seen = new Set<string>();
  for (const recipient of recipients) {
    const key = recipientKeyOf(recipient);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const common = {
      userId: recipient.userId,
      type: draft.type,
      subjectId: draft.subjectId,
      title: draft.title,
      message: draft.message,
      data: draft.data,
      link: draft.link,
      dedupeKey: `${draft.type}:${draft.subjectId}:${key}`,
      createdAt: at,
    };
    const transactional = TRANSACTIONAL_NOTIFICATION_TYPES.includes(draft.type);
    if (recipient.userId && !transactional && !recipient.emailOnly)
      rows.push({
        ...common,
        id: randomUUID(),
        channel: 'in_app',
        status: 'sent',
        recipient: null,
        sentAt: at,
      });
    if (!recipient.inAppOnly && (transactional || (await emailAllowed(trx, key, draft.type))))
      rows.push({
        ...common,
        id: randomUUID(),
        channel: 'email',
        status: 'pending',
        recipient: recipient.email ?? null,
        sentAt: null,
      });
  }
  const inserted = await insertNotifications(trx, rows);
  return inserted.filter((row) => row.channel === 'email').length;
}

/**
 * An organisation's people to tell: its admins as the directory knows them, else (no admin has
 * accepted an invitation yet) its contact address.
 */
export async function organizationRecipients(
  trx: Knex.Transaction,
  organization: Pick<DirectoryOrganization, 'organizationId' | 'contactEmail'> | null,
  organizationId: string,
): Promise<Recipient[]> {
  const admins = await organizationAdmins(trx, organizationId);
  if (admins.length) return admins.map((admin) => ({ userId: admin.userId }));
  return organization ? [{ userId: null, email: organization.contactEmail }] : [];
}
