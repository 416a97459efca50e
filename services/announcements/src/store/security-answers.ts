import type { Knex } from 'knex';
import type { SecurityQuestionInput } from '@tapinti/contracts/announcements-api';

const TABLE = 'announcements.security_answers';

/**
 * The answers the author expects, aligned with the questions (null where none was recorded).
 * Replaced whenever the questions are set, in the same transaction; no row when there are none.
 */
export async function writeExpectedAnswers(
  trx: Knex.Transaction,
  announcementId: string,
  questions: SecurityQuestionInput[],
): Promise<void> {
  await trx(TABLE).where({ announcement_id: announcementId }).delete();
  const answers = questions.map((q) => q.expectedAnswer ?? null);
  if (answers.every((a) => a === null)) return;
  await trx(TABLE).insert({ announcement_id: announcementId, expected_answers: JSON.stringify(answers) });
}

export async function readExpectedAnswers(db: Knex, announcementId: string): Promise<Array<string | null>> {
  const row = await db(TABLE).where({ announcement_id: announcementId }).first('expected_answers');
  if (!row) return [];
  const value = row.expected_answers;
  return (typeof value === 'string' ? JSON.parse(value) : value) as Array<string | null>;
}
