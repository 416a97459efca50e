import type { Knex } from 'knex';
import type { ReporterStanding } from '../domain/report-weight';
import { REPORTS_TABLE } from './queries';

/**
 * A reporter's standing from this service's own read models: `user_contacts` (auth's events:
 * registration time, verified e-mail or phone) and the outcomes of their reviewed reports.
 * Unknown to auth's events yet (a moment after registering, in distributed mode): a fresh account.
 */
export async function reporterStanding(db: Knex, userId: string, now: Date): Promise<ReporterStanding> {
  const [account, outcomes] = await Promise.all([
    db('announcements.user_contacts')
      .select('registered_at', 'email_verified', 'phone_verified')
      .where({ user_id: userId })
      .first(),
    db(REPORTS_TABLE)
      .select('outcome')
      .count<Array<{ outcome: string | null; count: string | number }>>({ count: '*' })
      .where({ reporter_id: userId, reviewed: true })
      .groupBy('outcome'),
  ]);
  const countOf = (outcome: string) => Number(outcomes.find((o) => o.outcome === outcome)?.count ?? 0);
  return {
    verified: Boolean(account?.email_verified || account?.phone_verified),
    accountAgeMs: account?.registered_at ? now.getTime() - new Date(account.registered_at).getTime() : null,
    upheld: countOf('upheld'),
    rejected: countOf('rejected'),
  };
}
