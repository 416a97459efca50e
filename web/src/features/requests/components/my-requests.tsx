import { useIncomingRequests, useMyRequests, type RequestFilter } from '../api/requests';
import type { HandledRequest } from '@tapinti/contracts/requests-api';
import { HandledRequestList, MyRequestCard, RequestListFrame } from './request-cards';
import { useT } from '../../../lib/i18n';

/** /profile 'Müraciətlərim': the claims I filed and their status (`linkedId`: the one a link named). */
export function MyRequests({ linkedId }: { linkedId?: string | null }) {
  const t = useT();
  const state = useMyRequests();
  return (
    <RequestListFrame
      state={state}
      loadingText={t('Müraciətləriniz yüklənir...')}
      empty={<p>{t('Hələ heç bir elana müraciət etməmisiniz.')}</p>}
    >
      {(items) => items.map((r) => <MyRequestCard key={r.id} request={r} linked={r.id === linkedId} />)}
    </RequestListFrame>
  );
}

/** Claims on my own announcements (not an organisation's), which I handle. */
export function IncomingRequests({
  status,
  onUpdated,
  linkedId,
}: {
  status?: RequestFilter;
  onUpdated: (request: HandledRequest) => void;
  linkedId?: string | null;
}) {
  const t = useT();
  const state = useIncomingRequests(status);
  return (
    <HandledRequestList
      state={state}
      empty={<p>{t('Elanlarınıza hələ müraciət gəlməyib.')}</p>}
      onUpdated={onUpdated}
      linkedId={linkedId}
    />
  );
}
