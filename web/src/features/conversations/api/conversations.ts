import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  CONVERSATION_ENDPOINTS,
  type Conversation,
  type ReportedConversation,
} from '@tapinti/contracts/conversations-api';
import type { ReportReason, ShareableContact } from '@tapinti/contracts/conversations-events';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';

const E = CONVERSATION_ENDPOINTS;

export const conversationKey = (id: string) => apiPath(E.get.path, { id });

/**
 * GET /api/conversations/:id (the claim's id); `null` while the panel is closed. No timer refetch
 * (spec §9): the panel loads when opened, and its "Yenilə" button asks again.
 */
export function useConversation(id: string | null) {
  return useSWR<Conversation>(id ? conversationKey(id) : null, (url: string) => callEndpoint(E.get, { url }));
}

/** Every change answers the whole conversation: it replaces the cached one. */
function useConversationChange<Arg>(id: string, call: (arg: Arg) => Promise<Conversation>) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${conversationKey(id)}:change`, (_key: string, { arg }: { arg: Arg }) => call(arg), {
    onSuccess: (conversation) => void mutate(conversationKey(id), conversation, { revalidate: false }),
  });
}

/** POST /api/conversations/:id/messages */
export const usePostMessage = (id: string) =>
  useConversationChange(id, (text: string) => callEndpoint(E.post, { params: { id }, body: { text } }));

/** POST /api/conversations/:id/share: the caller's phone or e-mail, for the other side. */
export const useShareContact = (id: string) =>
  useConversationChange(id, (contact: ShareableContact) =>
    callEndpoint(E.share, { params: { id }, body: { contact } }),
  );

/** POST /api/conversations/:id/report */
export const useReportConversation = (id: string) =>
  useConversationChange(id, (reason: ReportReason) =>
    callEndpoint(E.report, { params: { id }, body: { reason } }),
  );

/** GET /api/conversations/reported (super admins). */
export function useReportedConversations() {
  return useSWR<ReportedConversation[]>(E.reported.path, (url: string) => callEndpoint(E.reported, { url }));
}
