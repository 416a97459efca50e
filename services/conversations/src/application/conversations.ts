import { randomUUID } from 'node:crypto';
import {
  CONVERSATION_MESSAGES,
  type Conversation,
  type ReportedConversation,
} from '@tapinti/contracts/conversations-api';
import {
  conversationStreamId,
  type ConversationSide,
  type ReportReason,
  type ShareableContact,
} from '@tapinti/contracts/conversations-events';
import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import { createCommandHandler } from '@tapinti/eventstore/command-handler';
import { ConflictError, ForbiddenError, NotFoundError } from '@tapinti/platform/errors';
import { actsForOrganization } from '@tapinti/platform/organization-access';
import type { Caller } from '@tapinti/platform/session';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { warnings } from '@tapinti/text/risk-signals';
import { conversationDecider, type SideActor } from '../domain/conversation';
import {
  findConversation,
  insertContactValue,
  insertMessageText,
  listReported,
  messagesOf,
  reportersOf,
  sentSince,
  sharedContactsOf,
  type ConversationRow,
} from '../store/queries';
import { contactOf, rememberUsername } from '../store/users';

type Reader = Conversation['reader'];

const HOUR_MS = 3600 * 1000;

/** The caller's side in the conversation, or null when they are not part of it. */
function sideOf(conversation: ConversationRow, caller: Caller): ConversationSide | null {
  if (caller.userId === conversation.claimantUserId) return 'claimant';
  if (conversation.holderOrganizationId)
    return actsForOrganization(caller, conversation.holderOrganizationId) ? 'holder' : null;
  return conversation.holderUserId === caller.userId ? 'holder' : null;
}

/** The conversation use cases behind the HTTP routes. */
export function createConversations(context: Pick<EventSourcedContext, 'es' | 'knex' | 'clock'>) {
  const { es, knex, clock } = context;
  const conversations = createCommandHandler(es, conversationDecider);

  async function conversationFor(caller: Caller, id: string): Promise<ConversationRow> {
    const conversation = await findConversation(knex, id);
    if (!conversation) throw new NotFoundError(CONVERSATION_MESSAGES.notFound);
    return conversation;
  }

  /** Writing, sharing and reporting are the sides' alone (the moderating super admin only reads). */
  async function sideActor(caller: Caller, id: string): Promise<SideActor> {
    const side = sideOf(await conversationFor(caller, id), caller);
    if (!side) throw new ForbiddenError(CONVERSATION_MESSAGES.notPart);
    return { userId: caller.userId, side };
  }

  async function view(caller: Caller, id: string): Promise<Conversation> {
    const conversation = await conversationFor(caller, id);
    const reporters = await reportersOf(knex, id);
    let reader: Reader | null = sideOf(conversation, caller);
    if (!reader && caller.role === 'super_admin') {
      if (!reporters.length) throw new ForbiddenError(CONVERSATION_MESSAGES.notReported);
      reader = 'moderator';
    }
    if (!reader) throw new ForbiddenError(CONVERSATION_MESSAGES.notPart);
    const messages = await messagesOf(knex, id);
    const shared = await sharedContactsOf(knex, id);
    return {
      id: conversation.id,
      subject: conversation.subject,
      subjectId: conversation.subjectId,
      announcementId: conversation.announcementId,
      heldByOrganization: conversation.holderOrganizationId !== null,
      reader,
      messages: messages.map((m) => ({
        id: m.id,
        side: m.side,
        mine: m.senderUserId === caller.userId,
        senderName: m.senderName,
        text: m.text,
        warnings: warnings(m.text),
        postedAt: m.postedAt,
      })),
      sharedContacts: shared.map((s) => ({
        side: s.side,
        mine: s.userId === caller.userId,
        senderName: s.senderName,
        contact: s.contact,
        // The other side sees it, and its owner; never the moderator, nor the sharer's own side.
        value: reader !== 'moderator' && (s.side !== reader || s.userId === caller.userId) ? s.value : null,
        sharedAt: s.sharedAt,
      })),
      reportedByMe: reporters.includes(caller.userId),
      openedAt: conversation.openedAt.toISOString(),
    };
  }

  return {
    get: view,

    /** A message: its text in `message_texts`, the event (without it) in the same transaction. */
    async post(caller: Caller, id: string, text: string, metadata: EventMetadata): Promise<Conversation> {
      const actor = await sideActor(caller, id);
      const messageId = randomUUID();
      await conversations.handle(
        conversationStreamId(id),
        async (state, { trx }) => {
          const now = clock();
          const sentLastHour = await sentSince(trx, id, caller.userId, new Date(now.getTime() - HOUR_MS));
          const events = conversationDecider.decide(
            { type: 'post', messageId, actor, now, sentLastHour },
            state,
          );
          await insertMessageText(trx, messageId, text);
          await rememberUsername(trx, caller.userId, caller.username);
          return events;
        },
        metadata,
      );
      return view(caller, id);
    },

    /** Shows the caller's phone or e-mail, as their profile has it now, to the other side. */
    async share(
      caller: Caller,
      id: string,
      contact: ShareableContact,
      metadata: EventMetadata,
    ): Promise<Conversation> {
      const actor = await sideActor(caller, id);
      await conversations.handle(
        conversationStreamId(id),
        async (state, { trx }) => {
          const events = conversationDecider.decide({ type: 'share', contact, actor, now: clock() }, state);
          if (!events.length) return events;
          const value = await contactOf(trx, caller.userId, contact);
          if (!value)
            throw new ConflictError(
              contact === 'phone' ? CONVERSATION_MESSAGES.noPhone : CONVERSATION_MESSAGES.noEmail,
              'contact',
            );
          await insertContactValue(trx, { conversationId: id, userId: caller.userId, contact, value });
          await rememberUsername(trx, caller.userId, caller.username);
          return events;
        },
        metadata,
      );
      return view(caller, id);
    },

    /** Asks the super admin to read it; a second report by the same person changes nothing. */
    async report(
      caller: Caller,
      id: string,
      reason: ReportReason,
      metadata: EventMetadata,
    ): Promise<Conversation> {
      const actor = await sideActor(caller, id);
      await conversations.handle(
        conversationStreamId(id),
        (state) => conversationDecider.decide({ type: 'report', reason, actor, now: clock() }, state),
        metadata,
      );
      return view(caller, id);
    },

    listReported: (): Promise<ReportedConversation[]> => listReported(knex),
  };
}

export type Conversations = ReturnType<typeof createConversations>;
