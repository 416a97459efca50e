import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { AnnouncementDetails } from '@tapinti/contracts/announcements-api';
import type { OwnerVenueCheck } from '@tapinti/contracts/venue-checks-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { BuildingIcon } from '../../../components/ui/icons';
import { Alert, Muted, Stack } from '../../../components/ui/layout';
import { color, font, radius, space } from '../../../components/ui/theme';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { useVenues } from '../../../lib/venues';
import { useAnnouncementVenueChecks } from '../api/venue-checks';
import { ASK_VENUES, checkBadge, OVERDUE } from '../labels';

const AskVenuesDialog = lazy(() => import('./ask-venues-dialog'));

const Heading = styled.h3`
  font-size: ${font.size.lg};
  font-weight: ${font.weight.bold};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${space(2)};
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${space(1)};
  padding: ${space(3)};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  overflow-wrap: anywhere;
  .head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${space(2)};
  }
  .name {
    font-weight: ${font.weight.semibold};
    margin-right: auto;
  }
`;

/** One asked venue: its name (its page when it has one), where the request stands, and what to do next. */
function CheckRow({
  check,
  slug,
  claimPath,
}: {
  check: OwnerVenueCheck;
  slug?: string;
  claimPath: (requestId: string) => string;
}) {
  const t = useT();
  const badge = checkBadge(check);
  const name = check.organizationName ?? t('Məkan');
  return (
    <Item data-testid="owner-venue-check">
      <div className="head">
        <span className="name">{slug ? <Link to={`/t/${slug}`}>{name}</Link> : name}</span>
        <Badge $tone={badge.tone}>{t(badge.label)}</Badge>
        {check.overdue && <Badge $tone="danger">{t(OVERDUE)}</Badge>}
      </div>
      {check.status === 'answered' && check.answeredAt ? (
        <Muted>{t('Cavab verdi: {time}', { time: formatDateTime(check.answeredAt) })}</Muted>
      ) : (
        <Muted>
          {t('Soruşuldu: {asked} · cavab müddəti: {due}', {
            asked: formatDateTime(check.askedAt),
            due: formatDateTime(check.dueAt),
          })}
        </Muted>
      )}
      {check.answer === 'found' && check.requestId && (
        <Muted>
          {t('Məkan əşyanı tapdı: sizin adınıza müraciət açıldı.')}{' '}
          <Link to={claimPath(check.requestId)}>{t('Müraciətə və yazışmaya bax')}</Link>
        </Muted>
      )}
    </Item>
  );
}

/**
 * Issue 26 point 1, on the owner's own lost announcement (its page and its details dialog): the
 * venues asked so far, each asked / seen / answered (and overdue past its deadline), and
 * «Məkanlardan soruş» while the announcement is open and venues are left.
 */
export function OwnerVenueChecks({
  announcement: a,
  claimPath,
  venueTypes,
}: {
  announcement: AnnouncementDetails;
  /** Where the owner finds the claim a «Tapdıq» answer filed for them (the requests feature's page). */
  claimPath: (requestId: string) => string;
  /** The organisation types' names (the picker's type filter). */
  venueTypes: Readonly<Record<string, string>>;
}) {
  const t = useT();
  const { toast } = useToast();
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const { data, error, mutate } = useAnnouncementVenueChecks(a.id);
  const checks = data?.checks ?? [];
  // The slugs link each venue to its page; the list is shared with the cards (one request).
  const venues = useVenues(checks.length > 0);
  const slugOf = (organizationId: string) =>
    venues.data?.find((v) => v.organizationId === organizationId)?.slug;
  const canAsk = a.status === 'open' && a.isActive && !!data && data.venuesLeft > 0;

  return (
    <Stack as="section" $gap={3} aria-labelledby={headingId} data-testid="owner-venue-checks">
      <Heading id={headingId}>{t('Məkanlardan soruşmaq')}</Heading>
      {error ? (
        <Alert>
          <p>{errorMessage(error, t('Məkan sorğularını yükləmək mümkün olmadı'))}</p>
          <Button variant="outline" size="sm" onClick={() => void mutate()}>
            {t('Yenidən cəhd et')}
          </Button>
        </Alert>
      ) : !data ? (
        <Muted role="status">{t('Yüklənir...')}</Muted>
      ) : (
        <>
          {checks.length === 0 ? (
            <Muted>
              {t(
                'Əşyanı itirdiyiniz yerdəki məkanlardan (ticarət mərkəzi, hava limanı, otel…) soruşun: onların əməkdaşları öz tapılmış əşyalarına baxıb cavab verəcək.',
              )}
            </Muted>
          ) : (
            <List aria-label={t('Soruşulan məkanlar')}>
              {checks.map((check) => (
                <CheckRow
                  key={check.id}
                  check={check}
                  slug={slugOf(check.organizationId)}
                  claimPath={claimPath}
                />
              ))}
            </List>
          )}
          {canAsk ? (
            <div>
              <Button variant="outline" icon={<BuildingIcon size={16} />} onClick={() => setAsking(true)}>
                {t(ASK_VENUES)}
              </Button>
            </div>
          ) : (
            data.venuesLeft === 0 && (
              <Muted>{t('Bu elan üçün soruşula biləcək məkanların hamısından soruşmusunuz.')}</Muted>
            )
          )}
        </>
      )}
      {asking && data && (
        <Suspense fallback={null}>
          <AskVenuesDialog
            announcementId={a.id}
            venuesLeft={data.venuesLeft}
            asked={checks.map((c) => c.organizationId)}
            venueTypes={venueTypes}
            onClose={() => setAsking(false)}
            onAsked={(count) => {
              setAsking(false);
              toast({
                title: t('Məkanlardan soruşuldu'),
                description: t('{count} məkana göndərildi. Cavab verən kimi sizə xəbər verəcəyik.', {
                  count,
                }),
                variant: 'success',
              });
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
