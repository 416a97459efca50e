import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { ComplaintView } from '@tapinti/contracts/requests-api';
import { COMPLAINT_TYPE_LABELS } from '@tapinti/contracts/complaint-types';
import type { ComplaintStatus } from '@tapinti/contracts/requests-events';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { TextArea } from '../../../components/ui/field';
import { EmptyState, Muted, Row, Stack } from '../../../components/ui/layout';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { TabState } from '../../../components/ui/tab-state';
import { formatDateTime } from '../../../lib/dates';
import { errorToast } from '../../../lib/submit-errors';
import { msg, useT } from '../../../lib/i18n';
import { useComplaints, useUpdateComplaint } from '../api/complaints';

const STATUS_LABELS: Record<ComplaintStatus, string> = {
  open: msg('Açıq'),
  in_progress: msg('Araşdırılır'),
  resolved: msg('Həll olunub'),
};
const STATUS_TONES: Record<ComplaintStatus, BadgeTone> = {
  open: 'danger',
  in_progress: 'accent',
  resolved: 'success',
};
const STATUS_OPTIONS = (Object.keys(STATUS_LABELS) as ComplaintStatus[]).map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

const Text = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/** One complaint: what was written, who to answer, and the super admin's status and reply. */
function ComplaintCard({ complaint }: { complaint: ComplaintView }) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useUpdateComplaint();
  const [status, setStatus] = useState<ComplaintStatus>(complaint.status);
  const [reply, setReply] = useState('');

  const save = async () => {
    try {
      await trigger({ id: complaint.id, status, reply: reply.trim() || undefined });
    } catch (error) {
      toast(errorToast(error, t('Şikayəti yeniləmək mümkün olmadı')));
      return;
    }
    setReply('');
    toast({
      title: t('Şikayət yeniləndi'),
      description: reply.trim() ? t('Cavab əlaqə ünvanına e-poçtla göndərilir.') : t(STATUS_LABELS[status]),
      variant: 'success',
    });
  };

  return (
    <Card as="article" aria-label={t('Şikayət {number}', { number: complaint.number })}>
      <CardBody>
        <Stack $gap={3}>
          <Row $gap={2} $wrap>
            <strong>{complaint.number}</strong>
            <Badge $tone={STATUS_TONES[complaint.status]}>{t(STATUS_LABELS[complaint.status])}</Badge>
            <Badge $tone="primary">{t(COMPLAINT_TYPE_LABELS[complaint.type])}</Badge>
            <Muted as="span">{formatDateTime(complaint.createdAt)}</Muted>
          </Row>
          <strong>{complaint.subject}</strong>
          <Text>{complaint.description}</Text>
          <Muted>
            {t('Əlaqə: {contact}', { contact: complaint.contact })}
            {' · '}
            {complaint.username ? t('istifadəçi: {name}', { name: complaint.username }) : t('anonim')}
            {complaint.announcementId && (
              <>
                {' · '}
                <Link to={`/elan/${complaint.announcementId}`}>
                  {t('elan {id}', { id: complaint.announcementId })}
                </Link>
              </>
            )}
          </Muted>
          {complaint.reply && (
            <Text>
              <strong>{t('Cavab:')}</strong> {complaint.reply}
            </Text>
          )}
          <Row $gap={3} $wrap>
            <div style={{ minWidth: 200 }}>
              <Select
                label={t('Status')}
                options={STATUS_OPTIONS}
                value={status}
                onChange={(e) => setStatus(e.target.value as ComplaintStatus)}
              />
            </div>
          </Row>
          <TextArea
            label={t('Cavab (e-poçtla göndərilir)')}
            rows={3}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
          />
          <div>
            <Button
              size="sm"
              loading={isMutating}
              disabled={status === complaint.status && !reply.trim()}
              onClick={() => void save()}
            >
              {t('Yadda saxla')}
            </Button>
          </div>
        </Stack>
      </CardBody>
    </Card>
  );
}

/** /admin «Şikayətlər»: complaints sent with the /complaints form; status and a reply e-mailed to the contact. */
export function ComplaintsAdmin() {
  const t = useT();
  const [filter, setFilter] = useState<ComplaintStatus | 'all'>('all');
  const complaints = useComplaints(filter);
  return (
    <Stack $gap={4}>
      <div style={{ maxWidth: 280 }}>
        <Select
          label={t('Statusa görə')}
          options={[{ value: 'all', label: t('Hamısı') }, ...STATUS_OPTIONS]}
          value={filter}
          onChange={(e) => setFilter(e.target.value as ComplaintStatus | 'all')}
        />
      </div>
      <TabState isLoading={complaints.isLoading} error={complaints.error} retry={complaints.mutate}>
        {complaints.data?.length ? (
          <Stack $gap={3}>
            {complaints.data.map((c) => (
              <ComplaintCard key={`${c.id}:${c.updatedAt}`} complaint={c} />
            ))}
          </Stack>
        ) : (
          <EmptyState>
            <p>{t('Şikayət yoxdur')}</p>
          </EmptyState>
        )}
      </TabState>
    </Stack>
  );
}
