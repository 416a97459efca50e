import { ConversationPanel } from '../../features/conversations/components/conversation-panel';
import type { ClaimConversation } from '../../features/requests/components/request-cards';
import { msg } from '../../lib/i18n';

const UNREACHABLE_NOTE = msg(
  'Müraciət edənin profilində bu əlaqə məlumatı yoxdur: ona aşağıdakı yazışmada yazın. Nömrəsini yalnız özü paylaşa bilər.',
);

/**
 * Issue 26.2: a claim card's conversation (the requests and conversations features composed
 * here). A claim a link named opens it at once, and so does one whose claimant cannot be reached
 * otherwise ("Telefon" without a number on the profile) — no dead end.
 */
export const claimConversation: ClaimConversation = ({ id, linked, unreachable }) => (
  <ConversationPanel
    requestId={id}
    defaultOpen={linked || unreachable}
    note={unreachable ? UNREACHABLE_NOTE : undefined}
  />
);
