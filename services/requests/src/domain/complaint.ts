import { COMPLAINT_MESSAGES, complaintNumberOf } from '@tapinti/contracts/requests-api';
import {
  REQUEST_EVENTS,
  type ComplaintFiledV1,
  type ComplaintRepliedV1,
  type ComplaintStatus,
  type ComplaintStatusChangedV1,
} from '@tapinti/contracts/requests-events';
import type { ComplaintType } from '@tapinti/contracts/complaint-types';
import type { Decider } from '@tapinti/eventstore/command-handler';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { ConflictError, NotFoundError, ValidationError } from '@tapinti/platform/errors';

/** What a complaint's own stream says about it. */
export interface ComplaintState {
  id: string;
  number: string;
  status: ComplaintStatus;
  userId: string | null;
  contactEmail: string | null;
}

export interface FileComplaintCommand {
  type: 'file';
  complaintId: string;
  /** The next number in sequence (read under the numbering lock). */
  sequence: number;
  complaintType: ComplaintType;
  announcementId: string | null;
  userId: string | null;
  contactEmail: string | null;
  now: Date;
}

export interface UpdateComplaintCommand {
  type: 'update';
  status: ComplaintStatus;
  reply: string | undefined;
  by: string;
  now: Date;
}

export type ComplaintCommand = FileComplaintCommand | UpdateComplaintCommand;

export const complaintDecider: Decider<ComplaintState | null, ComplaintCommand> = {
  initialState: () => null,
  evolve(state, event) {
    if (event.type === REQUEST_EVENTS.complaintFiled) {
      const p = event.payload as ComplaintFiledV1;
      return {
        id: p.complaintId,
        number: p.number,
        status: p.status,
        userId: p.userId,
        contactEmail: p.contactEmail,
      };
    }
    if (event.type === REQUEST_EVENTS.complaintStatusChanged && state) {
      return { ...state, status: (event.payload as ComplaintStatusChangedV1).to };
    }
    return state;
  },
  decide(command, state) {
    if (command.type === 'file') {
      if (state) throw new ConflictError(COMPLAINT_MESSAGES.notFound);
      const payload: ComplaintFiledV1 = {
        complaintId: command.complaintId,
        number: complaintNumberOf(command.sequence),
        type: command.complaintType,
        announcementId: command.announcementId,
        userId: command.userId,
        contactEmail: command.contactEmail,
        status: 'open',
        createdAt: command.now.toISOString(),
      };
      return [{ type: REQUEST_EVENTS.complaintFiled, schemaVersion: 1, payload }];
    }
    if (!state) throw new NotFoundError(COMPLAINT_MESSAGES.notFound);
    if (command.status === state.status && !command.reply) {
      throw new ValidationError(COMPLAINT_MESSAGES.nothingToChange, 'status');
    }
    const events: NewEvent[] = [];
    const at = command.now.toISOString();
    if (command.status !== state.status) {
      const payload: ComplaintStatusChangedV1 = {
        complaintId: state.id,
        number: state.number,
        from: state.status,
        to: command.status,
        changedBy: command.by,
        changedAt: at,
      };
      events.push({ type: REQUEST_EVENTS.complaintStatusChanged, schemaVersion: 1, payload });
    }
    if (command.reply) {
      const payload: ComplaintRepliedV1 = {
        complaintId: state.id,
        number: state.number,
        userId: state.userId,
        contactEmail: state.contactEmail,
        reply: command.reply,
        repliedBy: command.by,
        repliedAt: at,
      };
      events.push({ type: REQUEST_EVENTS.complaintReplied, schemaVersion: 1, payload });
    }
    return events;
  },
};
