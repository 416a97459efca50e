import type { OverdueClaim } from '@tapinti/contracts/venues-api';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { listOverdue } from '../store/answer-deadlines';

/** The super admin's view of the deadlines (issue 26): claims escalated and still unanswered. */
export function createAnswerDeadlines(context: Pick<EventSourcedContext, 'knex'>) {
  return {
    overdue(): Promise<OverdueClaim[]> {
      return listOverdue(context.knex);
    },
  };
}
export type AnswerDeadlines = ReturnType<typeof createAnswerDeadlines>;
