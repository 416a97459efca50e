import { useIncomingRequests, useMyRequests, type RequestFilter } from '../api/requests';
import type { HandledRequest } from '@tapinti/contracts/requests-api';
import { HandledRequestList, MyRequestCard, RequestListFrame, type ClaimConversation } from './request-cards';
import { useT } from '../../../lib/i18n';

/** /profile 'Müraciətlərim': the claims I filed and their status (`linkedId`: the one a link named). */
export function MyRequests({
  linkedId,
  conversation,
}: {
  linkedId?: string | null;
  conversation?: ClaimConversation;
}) {
  const t = useT();
  const state = useMyRequests();
  return (
    <RequestListFrame
      state={state}
      loadingText={t('Müraciətləriniz yüklənir...')}
      empty={<p>{t('Hələ heç bir elana müraciət etməmisiniz.')}</p>}
    >
      {(items) =>
        items.map((r) => (
          <MyRequestCard key={r.id} request={r} linked={r.id === linkedId} conversation={conversation} />
        ))
      }
    </RequestListFrame>
  );
}

/** Claims on my own announcements (not an organisation's), which I handle. */
export function IncomingRequests({
  status,
  onUpdated,
  linkedId,
  conversation,
}: {
  status?: RequestFilter;
  onUpdated: (request: HandledRequest) => void;
  linkedId?: string | null;
  conversation?: ClaimConversation;
}) {
  const t = useT();
  const state = useIncomingRequests(status);
  return (
    <HandledRequestList
      state={state}
      empty={<p>{t('Elanlarınıza hələ müraciət gəlməyib.')}</p>}
      onUpdated={onUpdated}
      linkedId={linkedId}
      conversation={conversation}
    />
  );
}
