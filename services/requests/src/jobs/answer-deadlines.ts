import { requestStreamId } from '@tapinti/contracts/requests-events';
import { venueCheckStreamId } from '@tapinti/contracts/venue-checks-events';
import { createCommandHandler } from '@tapinti/eventstore/command-handler';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { answerDeadlineSettingsFrom } from '../config';
import { requestDecider } from '../domain/request';
import { venueCheckDecider } from '../domain/venue-check';
import { deadlinesDue } from '../store/answer-deadlines';

/**
 * One repeated job reminds and escalates every unanswered claim and venue check whose time has
 * come (issue 26).
 */
export const ANSWER_DEADLINES_JOB = 'claim-answer-deadlines';
const PAGE = 500;

type DeadlineContext = Pick<EventSourcedContext, 'es' | 'clock' | 'knex'>;

/**
 * Each due claim goes through the command handler on its own stream: the decider appends the
 * reminder (half time) and the escalation (past due) once each, so two runs at once, or a claim
 * answered meanwhile, change nothing twice. Returns the events appended.
 */
export async function checkAnswerDeadlines(context: DeadlineContext): Promise<number> {
  const checkClaim = createCommandHandler(context.es, requestDecider);
  const checkVenueCheck = createCommandHandler(context.es, venueCheckDecider);
  const now = context.clock();
  let appended = 0;
  for (;;) {
    const due = await deadlinesDue(context.knex, now, PAGE);
    let page = 0;
    for (const { id, kind } of due) {
      const metadata = systemMetadata(`${ANSWER_DEADLINES_JOB}:${id}`);
      const { events } =
        kind === 'venue-check'
          ? await checkVenueCheck.handle(
              venueCheckStreamId(id),
              (state) => venueCheckDecider.decide({ type: 'check-answer-deadline', now }, state),
              metadata,
            )
          : await checkClaim.handle(
              requestStreamId(id),
              (state) => requestDecider.decide({ type: 'check-answer-deadline', now }, state),
              metadata,
            );
      page += events.length;
    }
    appended += page;
    // A page that changed nothing would come back the same: stop until the next run.
    if (due.length < PAGE || page === 0) return appended;
  }
}

/** Registers the job; it runs at start and every `CLAIM_DEADLINE_CHECK_EVERY_MS`. */
export async function scheduleAnswerDeadlines(
  context: DeadlineContext & Pick<EventSourcedContext, 'jobs' | 'logger'>,
): Promise<void> {
  context.jobs.register(ANSWER_DEADLINES_JOB, async () => {
    const appended = await checkAnswerDeadlines(context);
    if (appended) context.logger.info({ appended }, 'claims reminded or escalated past their answer time');
  });
  await context.jobs.repeat(ANSWER_DEADLINES_JOB, answerDeadlineSettingsFrom().checkEveryMs);
}
