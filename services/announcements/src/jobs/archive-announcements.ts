import { announcementStreamId } from '@tapinti/contracts/announcements-events';
import { StaleVersionError } from '@tapinti/eventstore/event-store';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { decideArchive, stateOf } from '../domain/announcement';
import { openCreatedUpTo, type OpenAnnouncement } from '../store/announcements-store';

export const ARCHIVE_JOB = 'archive-announcement';

export interface ArchiveJobData {
  announcementId: string;
}

/**
 * Longest delay handed to a job queue. Node timers (the memory queue) overflow above 2^31-1 ms
 * (~24.8 days) and fire at once, and the default period is 30 days: a job that wakes up before
 * its time simply schedules itself again for the rest.
 */
export const MAX_JOB_DELAY_MS = 2_000_000_000;

/** How often the sweep runs after start-up, and how far ahead it (re)enqueues jobs. */
export const SWEEP_EVERY_MS = 6 * 3600 * 1000;
export const SWEEP_HORIZON_MS = 2 * SWEEP_EVERY_MS;
const SWEEP_PAGE = 500;

type ArchiveContext = Pick<ServiceContext, 'es' | 'jobs' | 'clock' | 'config' | 'logger' | 'knex'>;

export type ArchiveOutcome = 'archived' | 'already-archived' | 'unknown' | 'not-due';

/**
 * Archives one announcement if its period is over: reads its stream and appends `archived`
 * with the stream's version as the expected one, so two concurrent runs (job and sweep, or two
 * instances) archive it once; the loser sees it archived on its retry.
 */
export async function archiveIfDue(context: ArchiveContext, announcementId: string): Promise<ArchiveOutcome> {
  const streamId = announcementStreamId(announcementId);
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await context.es.commit(async ({ trx, append }) => {
        const decision = decideArchive(
          stateOf(await context.es.store.readStream(streamId, trx)),
          context.clock(),
          context.config.ANNOUNCEMENT_ARCHIVE_AFTER_MS,
        );
        if (decision.kind === 'archive') {
          await append(
            streamId,
            decision.expectedVersion,
            decision.events,
            systemMetadata(`${ARCHIVE_JOB}:${announcementId}`),
          );
          return { outcome: 'archived' as const };
        }
        if (decision.kind === 'not-due') return { outcome: 'not-due' as const, dueAt: decision.dueAt };
        return { outcome: decision.reason };
      });
      if (outcome.outcome === 'not-due' && 'dueAt' in outcome) {
        // Woke up early (capped delay, or a longer period configured since): wait for the rest.
        await scheduleArchive(
          context,
          announcementId,
          outcome.dueAt,
          `${announcementId}-at-${outcome.dueAt.getTime()}`,
        );
      }
      return outcome.outcome;
    } catch (err) {
      if (err instanceof StaleVersionError && attempt < 3) continue;
      throw err;
    }
  }
}

/** Enqueues the archive job for `dueAt` (jobId dedupes repeated enqueues of the same one). */
export async function scheduleArchive(
  context: Pick<ServiceContext, 'jobs' | 'clock'>,
  announcementId: string,
  dueAt: Date,
  jobId: string = announcementId,
): Promise<void> {
  const delayMs = Math.min(MAX_JOB_DELAY_MS, Math.max(0, dueAt.getTime() - context.clock().getTime()));
  await context.jobs.enqueue<ArchiveJobData>(ARCHIVE_JOB, { announcementId }, { delayMs, jobId });
}

export function registerArchiveJob(context: ArchiveContext): void {
  context.jobs.register<ArchiveJobData>(
    ARCHIVE_JOB,
    async ({ announcementId }) => {
      const outcome = await archiveIfDue(context, announcementId);
      context.logger.debug({ announcementId, outcome }, 'archive job ran');
    },
    { attempts: 5, backoffMs: 2000 },
  );
}

export interface SweepResult {
  archived: number;
  scheduled: number;
}

/**
 * Makes archiving survive restarts and lost jobs: archives every open announcement whose period
 * is over, and (re)enqueues the jobs of those falling due within the horizon (the next sweep
 * takes the later ones, so the queue never holds every open announcement at once).
 */
export async function sweep(
  context: ArchiveContext,
  isStopped: () => boolean = () => false,
): Promise<SweepResult> {
  const now = context.clock();
  const period = context.config.ANNOUNCEMENT_ARCHIVE_AFTER_MS;
  const overdueUpTo = new Date(now.getTime() - period);
  const result: SweepResult = { archived: 0, scheduled: 0 };

  let after: OpenAnnouncement | undefined;
  while (!isStopped()) {
    const page = await openCreatedUpTo(context.knex, overdueUpTo, { after, limit: SWEEP_PAGE });
    for (const row of page) {
      if (isStopped()) break;
      try {
        if ((await archiveIfDue(context, row.id)) === 'archived') result.archived += 1;
      } catch (err) {
        context.logger.error(
          { err, announcementId: row.id },
          'sweep could not archive; the job or next sweep will',
        );
      }
    }
    if (page.length < SWEEP_PAGE) break;
    after = page[page.length - 1];
  }

  const scheduleUpTo = new Date(now.getTime() + SWEEP_HORIZON_MS - period);
  after = undefined;
  while (!isStopped()) {
    const page = await openCreatedUpTo(context.knex, scheduleUpTo, {
      createdAfter: overdueUpTo,
      after,
      limit: SWEEP_PAGE,
    });
    for (const row of page) {
      await scheduleArchive(context, row.id, new Date(row.createdAt.getTime() + period));
      result.scheduled += 1;
    }
    if (page.length < SWEEP_PAGE) break;
    after = page[page.length - 1];
  }
  return result;
}
