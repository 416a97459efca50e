import { randomUUID } from 'node:crypto';
import type {
  ComplaintProgress,
  ComplaintStatusQuery,
  ComplaintView,
  FileComplaint,
  FiledComplaint,
  UpdateComplaint,
} from '@tapinti/contracts/requests-api';
import { COMPLAINT_MESSAGES } from '@tapinti/contracts/requests-api';
import { complaintStreamId, type ComplaintStatus } from '@tapinti/contracts/requests-events';
import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import { createCommandHandler } from '@tapinti/eventstore/command-handler';
import { NotFoundError } from '@tapinti/platform/errors';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { complaintDecider } from '../domain/complaint';
import type { Actor } from '../domain/request';
import {
  findComplaint,
  findComplaintOfContact,
  insertComplaintDetails,
  listComplaints,
  nextComplaintSequence,
  sequenceOf,
  verifiedEmailOfUser,
} from '../store/complaints';

/** Complaints to the platform: anyone files one, super admins move it on and reply. */
export function createComplaints(context: Pick<EventSourcedContext, 'es' | 'knex' | 'clock'>) {
  const { es, knex, clock } = context;
  const complaints = createCommandHandler(es, complaintDecider);

  return {
    /**
     * Files a complaint with the next number. Its number (and later the reply) is e-mailed only to
     * a signed-in complainant's verified address: an anonymous form must not make the platform
     * mail any address typed into it (issue 21). Anyone else gets the number on screen and follows
     * the complaint with it and the contact they gave.
     */
    async file(caller: Actor | null, input: FileComplaint, metadata: EventMetadata): Promise<FiledComplaint> {
      const complaintId = randomUUID();
      const now = clock();
      let contactEmail: string | null = null;
      const { events } = await complaints.handle(
        complaintStreamId(complaintId),
        async (state, { trx }) => {
          const sequence = await nextComplaintSequence(trx);
          await insertComplaintDetails(trx, {
            complaintId,
            subject: input.subject,
            description: input.description,
            contact: input.userInfo,
          });
          contactEmail = caller ? await verifiedEmailOfUser(trx, caller.userId) : null;
          return complaintDecider.decide(
            {
              type: 'file',
              complaintId,
              sequence,
              complaintType: input.type,
              announcementId: input.announcementId ?? null,
              userId: caller?.userId ?? null,
              contactEmail,
              now,
            },
            state,
          );
        },
        metadata,
      );
      const filed = events[0]!.payload as { number: string };
      return {
        id: complaintId,
        number: filed.number,
        status: 'open',
        emailed: contactEmail !== null,
        createdAt: now.toISOString(),
      };
    },

    list: (status?: ComplaintStatus) => listComplaints(knex, status),

    /** The complainant follows their complaint: its number and the contact they gave, or 404. */
    async progress(query: ComplaintStatusQuery): Promise<ComplaintProgress> {
      const found = await findComplaintOfContact(knex, sequenceOf(query.number), query.contact);
      if (!found) throw new NotFoundError(COMPLAINT_MESSAGES.statusNotFound);
      const { number, status, reply, repliedAt, createdAt, updatedAt } = found;
      return { number, status, reply, repliedAt, createdAt, updatedAt };
    },

    /** A super admin's new status and/or reply (the reply is e-mailed by the notifications service). */
    async update(caller: Actor, complaintId: string, input: UpdateComplaint, metadata: EventMetadata) {
      await complaints.handle(
        complaintStreamId(complaintId),
        (state) =>
          complaintDecider.decide(
            { type: 'update', status: input.status, reply: input.reply, by: caller.userId, now: clock() },
            state,
          ),
        metadata,
      );
      const complaint: ComplaintView | null = await findComplaint(knex, complaintId);
      if (!complaint) throw new NotFoundError(COMPLAINT_MESSAGES.notFound);
      return complaint;
    },
  };
}
export type Complaints = ReturnType<typeof createComplaints>;
