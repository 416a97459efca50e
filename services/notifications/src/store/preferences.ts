import type { NotificationType } from '@tapinti/contracts/notifications-api';
import type { Knex } from '@tapinti/platform/db';

const TABLE = 'notifications.preferences';

/** Whom a preference belongs to: a user, or an address that has no account (an applicant). */
export const userRecipient = (userId: string) => `user:${userId}`;
export const addressRecipient = (email: string) => `email:${email.trim().toLowerCase()}`;

/** The types whose e-mails the recipient turned off (everything else is on). */
export async function emailOffTypes(
  db: Knex | Knex.Transaction,
  recipient: string,
): Promise<Set<NotificationType>> {
  const rows = await db(TABLE).select('type').where({ recipient, email: false });
  return new Set(rows.map((r: { type: NotificationType }) => r.type));
}

export async function emailAllowed(
  db: Knex | Knex.Transaction,
  recipient: string,
  type: NotificationType,
): Promise<boolean> {
  const row = await db(TABLE).select('email').where({ recipient, type }).first();
  return row ? Boolean(row.email) : true;
}

export async function setEmailPreferences(
  db: Knex | Knex.Transaction,
  recipient: string,
  choices: Partial<Record<NotificationType, boolean>>,
  at: Date,
): Promise<void> {
  const rows = Object.entries(choices).map(([type, email]) => ({ recipient, type, email, updated_at: at }));
  if (rows.length === 0) return;
  await db(TABLE).insert(rows).onConflict(['recipient', 'type']).merge(['email', 'updated_at']);
}
