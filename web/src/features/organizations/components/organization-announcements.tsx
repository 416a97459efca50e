import type { OrganizationAnnouncement } from '@tapinti/contracts/organizations-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DetailList, RecordCard, RecordHeader } from '../../../components/ui/detail-list';
import { Alert, EmptyState, Stack } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useLinkedRecord } from '../../../lib/use-linked-record';
import { useOrganizationAnnouncements } from '../api/organizations';
import { msg, useT } from '../../../lib/i18n';

const TYPE = { lost: msg('İtirilib'), found: msg('Tapılıb') } as const;
const STATUS: Record<string, string> = {
  open: 'Aktiv',
  archived: msg('Arxivdə'),
  resolved: msg('Sahibinə qaytarılıb'),
};

/** Every announcement of the organisation, public or not, with its room number (`linkedId`: the one a link named). */
export function OrganizationAnnouncements({
  organizationId,
  linkedId,
}: {
  organizationId: string;
  linkedId?: string | null;
}) {
  const t = useT();
  const { data, error, isLoading, mutate } = useOrganizationAnnouncements(organizationId);
  if (isLoading)
    return (
      <EmptyState role="status">
        <Spinner size={28} />
        <p>{t('Elanlar yüklənir...')}</p>
      </EmptyState>
    );
  if (error)
    return (
      <Alert>
        <strong>{errorMessage(error, t('Elanları yükləmək mümkün olmadı'))}</strong>
        <Button variant="outline" onClick={() => void mutate()}>
          {t('Yenidən cəhd et')}
        </Button>
      </Alert>
    );
  if (!data || data.length === 0)
    return (
      <EmptyState>
        <p>
          {t(
            'Təşkilatın hələ elanı yoxdur. Tapılmış əşyanı “Tapılmış əşya əlavə et” düyməsi ilə yerləşdirin.',
          )}
        </p>
      </EmptyState>
    );
  return (
    <Stack $gap={3}>
      {data.map((a) => (
        <OrganizationAnnouncementCard key={a.id} announcement={a} linked={a.id === linkedId} />
      ))}
    </Stack>
  );
}

export function OrganizationAnnouncementCard({
  announcement: a,
  linked = false,
}: {
  announcement: OrganizationAnnouncement;
  linked?: boolean;
}) {
  const t = useT();
  const linkedProps = useLinkedRecord<HTMLElement>(linked);
  return (
    <RecordCard {...linkedProps} data-testid="organization-announcement" aria-label={a.title}>
      <RecordHeader>
        <h3>{a.title}</h3>
        {a.roomNumber && <Badge $tone="neutral">{t('Otaq {room}', { room: a.roomNumber })}</Badge>}
        <Badge $tone={a.type === 'lost' ? 'danger' : 'success'}>{TYPE[a.type]}</Badge>
        <Badge $tone={a.isPublic ? 'primary' : 'neutral'}>{a.isPublic ? t('İctimai') : t('Gizli')}</Badge>
        <Badge $tone={a.status === 'open' ? 'accent' : 'neutral'}>{STATUS[a.status] ?? a.status}</Badge>
      </RecordHeader>
      <DetailList
        facts={[
          { label: t('Təsvir'), value: a.description },
          { label: t('Yer'), value: a.location },
          { label: t('Otaq nömrəsi'), value: a.roomNumber },
          { label: t('Əlaqə'), value: a.contactInfo },
          { label: t('Yerləşdirilib'), value: formatDateTime(a.createdAt) },
        ]}
      />
    </RecordCard>
  );
}
