import { CONVERSATION_MESSAGES, MESSAGES_PER_HOUR } from '@tapinti/contracts/conversations-api';
import {
  CONVERSATION_EVENTS,
  type ContactSharedV1,
  type ConversationOpenedV1,
  type ConversationReportedV1,
  type ConversationSide,
  type MessagePostedV1,
  type ReportReason,
  type ShareableContact,
} from '@tapinti/contracts/conversations-events';
import type { Decider } from '@tapinti/eventstore/command-handler';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { NotFoundError, TooManyRequestsError } from '@tapinti/platform/errors';

const HOUR_MS = 3600 * 1000;

/** What a conversation's own stream says about it. */
export interface ConversationState {
  id: string;
  subjectId: string;
  announcementId: string;
  claimantUserId: string;
  holderUserId: string | null;
  holderOrganizationId: string | null;
  /** `<userId>:<contact>` of every contact shared. */
  shared: string[];
  /** Users who reported it. */
  reportedBy: string[];
}

/** A side as the application decided it from the session (who writes, shares or reports). */
export interface SideActor {
  userId: string;
  side: ConversationSide;
}

export type ConversationCommand =
  | {
      type: 'open';
      conversationId: string;
      announcementId: string;
      claimantUserId: string;
      holderUserId: string | null;
      holderOrganizationId: string | null;
      now: Date;
    }
  | {
      type: 'post';
      messageId: string;
      actor: SideActor;
      now: Date;
      /** The times of the sender's messages in this conversation within the last hour. */
      sentLastHour: Date[];
    }
  | { type: 'share'; contact: ShareableContact; actor: SideActor; now: Date }
  | { type: 'report'; reason: ReportReason; actor: SideActor; now: Date };

const partiesOf = (state: ConversationState) => ({
  conversationId: state.id,
  announcementId: state.announcementId,
  claimantUserId: state.claimantUserId,
  holderUserId: state.holderUserId,
  holderOrganizationId: state.holderOrganizationId,
});

export const conversationDecider: Decider<ConversationState | null, ConversationCommand> = {
  initialState: () => null,
  evolve(state, event) {
    switch (event.type) {
      case CONVERSATION_EVENTS.opened: {
        const p = event.payload as ConversationOpenedV1;
        return {
          id: p.conversationId,
          subjectId: p.subjectId,
          announcementId: p.announcementId,
          claimantUserId: p.claimantUserId,
          holderUserId: p.holderUserId,
          holderOrganizationId: p.holderOrganizationId,
          shared: [],
          reportedBy: [],
        };
      }
      case CONVERSATION_EVENTS.contactShared: {
        const p = event.payload as ContactSharedV1;
        return state && { ...state, shared: [...state.shared, `${p.userId}:${p.contact}`] };
      }
      case CONVERSATION_EVENTS.reported: {
        const p = event.payload as ConversationReportedV1;
        return state && { ...state, reportedBy: [...state.reportedBy, p.reportedBy] };
      }
      default:
        return state;
    }
  },
  decide(command, state): NewEvent[] {
    if (command.type === 'open') {
      // A redelivered claim opens nothing twice.
      if (state) return [];
      const payload: ConversationOpenedV1 = {
        conversationId: command.conversationId,
        announcementId: command.announcementId,
        claimantUserId: command.claimantUserId,
        holderUserId: command.holderUserId,
        holderOrganizationId: command.holderOrganizationId,
        subject: 'claim',
        subjectId: command.conversationId,
        openedAt: command.now.toISOString(),
      };
      return [{ type: CONVERSATION_EVENTS.opened, schemaVersion: 1, payload }];
    }
    if (!state) throw new NotFoundError(CONVERSATION_MESSAGES.notFound);
    const at = command.now.toISOString();
    switch (command.type) {
      case 'post': {
        if (command.sentLastHour.length >= MESSAGES_PER_HOUR) {
          // Retry-After: until the oldest message of the hour is an hour old.
          const oldest = Math.min(...command.sentLastHour.map((d) => d.getTime()));
          const wait = Math.max(1, Math.ceil((oldest + HOUR_MS - command.now.getTime()) / 1000));
          throw new TooManyRequestsError(CONVERSATION_MESSAGES.tooManyMessages, wait);
        }
        const payload: MessagePostedV1 = {
          ...partiesOf(state),
          messageId: command.messageId,
          senderUserId: command.actor.userId,
          senderSide: command.actor.side,
          postedAt: at,
        };
        return [{ type: CONVERSATION_EVENTS.messagePosted, schemaVersion: 1, payload }];
      }
      case 'share': {
        // Shared once; pressing the button again changes nothing.
        if (state.shared.includes(`${command.actor.userId}:${command.contact}`)) return [];
        const payload: ContactSharedV1 = {
          ...partiesOf(state),
          userId: command.actor.userId,
          side: command.actor.side,
          contact: command.contact,
          sharedAt: at,
        };
        return [{ type: CONVERSATION_EVENTS.contactShared, schemaVersion: 1, payload }];
      }
      case 'report': {
        if (state.reportedBy.includes(command.actor.userId)) return [];
        const payload: ConversationReportedV1 = {
          ...partiesOf(state),
          reportedBy: command.actor.userId,
          side: command.actor.side,
          reason: command.reason,
          reportedAt: at,
        };
        return [{ type: CONVERSATION_EVENTS.reported, schemaVersion: 1, payload }];
      }
    }
  },
};
