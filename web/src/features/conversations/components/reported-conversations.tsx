import { Link } from 'react-router-dom';
import type { ReportReason } from '@tapinti/contracts/conversations-events';
import { Badge } from '../../../components/ui/badge';
import { DetailList, RecordCard, RecordHeader } from '../../../components/ui/detail-list';
import { Muted, Stack } from '../../../components/ui/layout';
import { TabState } from '../../../components/ui/tab-state';
import { formatDateTime } from '../../../lib/dates';
import { msg, useT } from '../../../lib/i18n';
import { useReportedConversations } from '../api/conversations';
import { ConversationPanel } from './conversation-panel';

const REASON_BADGES: Record<ReportReason, string> = {
  scam: msg('Fırıldaq'),
  abuse: msg('Təhqir'),
  other: msg('Digər'),
};

/** /admin: conversations a side reported (issue 26.2) — the only ones the super admin may read. */
export function ReportedConversations() {
  const t = useT();
  const reported = useReportedConversations();
  return (
    <section aria-labelledby="reported-conversations">
      <Stack $gap={2}>
        <h3 id="reported-conversations">{t('Şikayət edilmiş yazışmalar')}</h3>
        <Muted>
          {t(
            'Yalnız tərəflərdən birinin şikayət etdiyi yazışmaları oxuya bilərsiniz; paylaşılan telefon və e-poçt sizə göstərilmir.',
          )}
        </Muted>
        <TabState isLoading={reported.isLoading} error={reported.error} retry={reported.mutate}>
          {reported.data?.length ? (
            reported.data.map((c) => (
              <RecordCard
                key={c.id}
                data-testid="reported-conversation"
                aria-label={t('Şikayət edilmiş yazışma')}
              >
                <RecordHeader>
                  <Link to={`/elan/${c.announcementId}`}>{t('Elana bax')}</Link>
                  {c.reasons.map((r) => (
                    <Badge key={r} $tone="danger">
                      {t(REASON_BADGES[r])}
                    </Badge>
                  ))}
                </RecordHeader>
                <DetailList
                  facts={[
                    { label: t('Şikayət sayı'), value: String(c.reports) },
                    { label: t('Son şikayət'), value: formatDateTime(c.lastReportedAt) },
                    { label: t('Mesaj sayı'), value: String(c.messages) },
                  ]}
                />
                <ConversationPanel requestId={c.id} />
              </RecordCard>
            ))
          ) : (
            <Muted>{t('Şikayət edilmiş yazışma yoxdur.')}</Muted>
          )}
        </TabState>
      </Stack>
    </section>
  );
}
