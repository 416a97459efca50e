import { announcementStreamId } from '@tapinti/contracts/announcements-events';
import { createCommandHandler } from '@tapinti/eventstore/command-handler';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { announcementDecider } from '../domain/announcement';
import { openStartedUpTo, type OpenAnnouncement } from '../store/queries';

/** One repeated job archives whatever is due; nothing per announcement is kept in the queue. */
export const ARCHIVE_DUE_JOB = 'archive-due-announcements';
const PAGE = 500;

type ArchiveContext = Pick<EventSourcedContext, 'es' | 'jobs' | 'clock' | 'config' | 'logger' | 'knex'>;

/**
 * Archives every open announcement whose period is over. Each one goes through the command
 * handler on its own stream, so two runs at once (two instances, or a slow run overtaken by the
 * next) archive it once.
 */
export async function archiveDue(
  context: Pick<EventSourcedContext, 'es' | 'clock' | 'config' | 'knex'>,
): Promise<number> {
  const archive = createCommandHandler(context.es, announcementDecider);
  const now = context.clock();
  const period = context.config.ANNOUNCEMENT_ARCHIVE_AFTER_MS;
  let archived = 0;
  let after: OpenAnnouncement | undefined;
  for (;;) {
    const page = await openStartedUpTo(context.knex, new Date(now.getTime() - period), {
      after,
      limit: PAGE,
    });
    for (const row of page) {
      const { events } = await archive.handle(
        announcementStreamId(row.id),
        (state) => announcementDecider.decide({ type: 'archive', now, archiveAfterMs: period }, state),
        systemMetadata(`${ARCHIVE_DUE_JOB}:${row.id}`),
      );
      archived += events.length;
    }
    if (page.length < PAGE) return archived;
    after = page[page.length - 1];
  }
}

/** Registers the job and its schedule (`ARCHIVE_CHECK_EVERY_MS`): once at start, then periodically. */
export async function scheduleArchiving(context: ArchiveContext): Promise<void> {
  context.jobs.register(ARCHIVE_DUE_JOB, async () => {
    const archived = await archiveDue(context);
    if (archived) context.logger.info({ archived }, 'due announcements archived');
  });
  await context.jobs.repeat(ARCHIVE_DUE_JOB, context.config.ARCHIVE_CHECK_EVERY_MS);
}
