import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { AnnouncementMatch, PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import type { VenueCheckInboxItem } from '@tapinti/contracts/venue-checks-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DetailList, RecordActions, RecordCard, RecordHeader } from '../../../components/ui/detail-list';
import { Alert, EmptyState, Muted, Stack } from '../../../components/ui/layout';
import { TabState } from '../../../components/ui/tab-state';
import { color, font, space } from '../../../components/ui/theme';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { msg, useT } from '../../../lib/i18n';
import { useLinkedRecord } from '../../../lib/use-linked-record';
import {
  useAnswerVenueCheck,
  useMarkVenueCheckSeen,
  useVenueCheckCandidates,
  useVenueCheckInbox,
} from '../api/venue-checks';
import { ANSWER_LABELS, checkBadge, OVERDUE } from '../labels';
import { ChoiceList } from './choice-list';

const Choices = styled(ChoiceList).attrs({ $maxHeight: 360 })`
  li + li {
    border-top: 1px solid ${color.subtle};
  }
  label {
    display: flex;
    align-items: flex-start;
    gap: ${space(2.5)};
    min-height: 44px;
    padding: ${space(2)} 0;
    cursor: pointer;
    overflow-wrap: anywhere;
  }
  input {
    flex: none;
    width: 20px;
    height: 20px;
    margin: 2px 0 0;
    accent-color: ${color.primary};
  }
  .title {
    font-weight: ${font.weight.semibold};
  }
  .why {
    display: block;
    color: ${color.muted};
    font-size: ${font.size.xs};
  }
`;

/** The venue's own announcements (the organisation's list, which the page has loaded). */
export interface VenueItem {
  id: string;
  title: string;
  type: string;
  status: string;
  isActive: boolean;
}

/** What the page composes in from other features. */
export interface InboxParts {
  /** The venue's announcements: any open found one may be the item, even one the engine did not rank. */
  items: readonly VenueItem[] | undefined;
  /** The lost post as the app shows an announcement (photo, category, place, date, description). */
  lostPost: (announcement: PublicAnnouncement) => ReactNode;
  /** A candidate's match score in words. */
  matchLabel: (score: number) => string;
}

/** One of the venue's found items the answer «Tapdıq» may link: a ranked candidate, or any other open one. */
interface Choice {
  id: string;
  title: string;
  /** Why the matching engine ranked it (candidates only). */
  match?: Pick<AnnouncementMatch, 'score' | 'reasons'>;
}

/** The lost post, the venue's candidates, and the two answers (or the answer given). */
function CheckDetails({
  check,
  organizationId,
  parts,
}: {
  check: VenueCheckInboxItem;
  organizationId: string;
  parts: InboxParts;
}) {
  const t = useT();
  const { toast } = useToast();
  const groupName = useId();
  const candidates = useVenueCheckCandidates(check.announcementId, organizationId);
  const answered = check.status === 'answered';
  const answer = useAnswerVenueCheck(organizationId);
  const [itemId, setItemId] = useState('');
  const [missingItem, setMissingItem] = useState(false);

  const ranked: Choice[] = (candidates.data?.candidates ?? []).map((c) => ({
    id: c.announcement.id,
    title: c.announcement.title,
    match: c,
  }));
  // Any other open found item of the venue may be the one: the engine can miss it.
  const others: Choice[] = (parts.items ?? [])
    .filter((a) => a.type === 'found' && a.status === 'open' && a.isActive)
    .filter((a) => !ranked.some((c) => c.id === a.id))
    .map((a) => ({ id: a.id, title: a.title }));
  const choices = [...ranked, ...others];

  const send = async (body: { answer: 'not_here' } | { answer: 'found'; itemId: string }) => {
    try {
      const result = await answer.trigger({ id: check.id, ...body });
      toast({
        title: t('Cavab göndərildi'),
        description:
          result.answer === 'found'
            ? t('Sahib üçün müraciət açıldı: onu «Sorğular» bölməsində görəcəksiniz.')
            : t('Sahibə məkanda olmadığı bildirildi.'),
        variant: 'success',
      });
    } catch {
      // Shown below from answer.error.
    }
  };
  const onFound = () => {
    if (!itemId) return setMissingItem(true);
    void send({ answer: 'found', itemId });
  };

  return (
    <TabState isLoading={candidates.isLoading} error={candidates.error} retry={() => candidates.mutate()}>
      {candidates.data && (
        <Stack $gap={4}>
          <Stack as="section" $gap={3} aria-label={t('İtirilmiş əşya')}>
            {parts.lostPost(candidates.data.announcement)}
          </Stack>
          {answered ? (
            <Muted data-testid="venue-check-answer">
              {t('Cavabınız: {answer}', { answer: t(check.answer ? ANSWER_LABELS[check.answer] : '') })}
              {check.answer === 'found' && check.requestId && (
                <>
                  {' '}
                  <Link to={`/org-admin?request=${encodeURIComponent(check.requestId)}`}>
                    {t('Sahibin müraciətinə bax')}
                  </Link>
                </>
              )}
            </Muted>
          ) : (
            <Stack $gap={3}>
              {candidates.data.candidates.length === 0 && (
                <Muted>{t('Tapılmış əşyalarınız arasında buna oxşarı tapılmadı.')}</Muted>
              )}
              {choices.length > 0 && (
                <Choices aria-describedby={missingItem && !itemId ? `${groupName}-error` : undefined}>
                  <legend>{t('Əşya sizdədirsə, onu seçin')}</legend>
                  <ul>
                    {choices.map((c) => (
                      <li key={c.id}>
                        <label>
                          <input
                            type="radio"
                            name={groupName}
                            value={c.id}
                            checked={itemId === c.id}
                            onChange={() => setItemId(c.id)}
                          />
                          <span>
                            <span className="title">{c.title}</span>
                            {c.match && (
                              <span className="why">
                                {[parts.matchLabel(c.match.score), ...c.match.reasons].join(' · ')}
                              </span>
                            )}
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </Choices>
              )}
              {missingItem && !itemId && (
                <Muted id={`${groupName}-error`} role="alert">
                  {t('Tapılan əşyanın elanını seçin')}
                </Muted>
              )}
              {answer.error && !answer.isMutating && (
                <Muted role="alert">
                  {t(errorMessage(answer.error, msg('Cavabı göndərmək mümkün olmadı')))}
                </Muted>
              )}
              <RecordActions>
                <Button
                  variant="outline"
                  loading={answer.isMutating}
                  onClick={() => void send({ answer: 'not_here' })}
                >
                  {t(ANSWER_LABELS.not_here)}
                </Button>
                <Button loading={answer.isMutating} disabled={choices.length === 0} onClick={onFound}>
                  {t(ANSWER_LABELS.found)}
                </Button>
              </RecordActions>
            </Stack>
          )}
        </Stack>
      )}
    </TabState>
  );
}

/** One request in the inbox: opening it marks it seen (once) and shows the lost post and the answers. */
function CheckCard({
  check,
  organizationId,
  linked,
  parts,
}: {
  check: VenueCheckInboxItem;
  organizationId: string;
  linked: boolean;
  parts: InboxParts;
}) {
  const t = useT();
  const titleId = useId();
  const panelId = useId();
  const record = useLinkedRecord<HTMLElement>(linked);
  const [open, setOpen] = useState(linked);
  const seen = useMarkVenueCheckSeen(organizationId);
  const badge = checkBadge(check);
  const unseen = check.status === 'asked';
  const { trigger } = seen;
  useEffect(() => {
    if (open && unseen) void trigger(check.id).catch(() => undefined);
  }, [open, unseen, trigger, check.id]);

  return (
    <RecordCard aria-labelledby={titleId} data-testid="venue-check" {...record}>
      <RecordHeader>
        <h3 id={titleId}>{check.announcementTitle ?? t('Elan')}</h3>
        <Badge $tone={badge.tone}>{t(badge.label)}</Badge>
        {check.overdue && <Badge $tone="danger">{t(OVERDUE)}</Badge>}
      </RecordHeader>
      <DetailList
        facts={[
          { label: t('Soruşuldu'), value: formatDateTime(check.askedAt) },
          answered(check)
            ? { label: t('Cavab verildi'), value: formatDateTime(check.answeredAt!) }
            : { label: t('Cavab müddəti'), value: formatDateTime(check.dueAt) },
        ]}
      />
      <div>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          {open ? t('Gizlət') : answered(check) ? t('Bax') : t('Aç və cavab ver')}
        </Button>
      </div>
      <div id={panelId} hidden={!open}>
        {open && <CheckDetails check={check} organizationId={organizationId} parts={parts} />}
      </div>
    </RecordCard>
  );
}

const answered = (check: VenueCheckInboxItem) => check.status === 'answered' && !!check.answeredAt;

/**
 * Issue 26 point 1: the /org-admin tab «Soruşulanlar» — lost posts whose owners asked this venue,
 * newest first; `linkedId` is the one a link (a notification) named, opened at once.
 */
export default function VenueCheckInbox({
  organizationId,
  linkedId,
  ...parts
}: {
  organizationId: string;
  linkedId?: string | null;
} & InboxParts) {
  const t = useT();
  const inbox = useVenueCheckInbox(organizationId);
  const waiting = inbox.data?.filter((c) => c.status !== 'answered').length ?? 0;
  return (
    <TabState isLoading={inbox.isLoading} error={inbox.error} retry={() => inbox.mutate()}>
      {inbox.data?.length === 0 ? (
        <EmptyState>
          <p>{t('Hələ heç kim bu məkandan itirdiyi əşyanı soruşmayıb.')}</p>
        </EmptyState>
      ) : (
        <Stack $gap={4}>
          <Muted>
            {t(
              'İtirilmiş əşyanın sahibi onu sizin məkanda itirmiş ola bilər. Elanı açın, öz tapılmış əşyalarınıza baxın və cavab verin: «Burada yoxdur» və ya «Tapdıq».',
            )}
          </Muted>
          {waiting > 0 && (
            <Alert $tone="info">{t('Cavab gözləyən sorğular: {count}', { count: waiting })}</Alert>
          )}
          {inbox.data?.map((check) => (
            <CheckCard
              key={check.id}
              check={check}
              organizationId={organizationId}
              linked={check.id === linkedId}
              parts={parts}
            />
          ))}
        </Stack>
      )}
    </TabState>
  );
}
