import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ORGANIZATION_TYPE_LABELS } from '@tapinti/contracts/organizations-events';
import type { VenuePage } from '@tapinti/contracts/venues-api';
import { Badge } from '../../../components/ui/badge';
import { cardStyles } from '../../../components/ui/card';
import { ClockIcon, PinIcon } from '../../../components/ui/icons';
import { Muted, PageTitle, Stack } from '../../../components/ui/layout';
import { color, font, media, space } from '../../../components/ui/theme';
import { VerifiedVenueBadge } from '../../../components/verified-venue-badge';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { answerTimeText, VenueAnswerHint } from '../../../components/venue-answer-hint';
import { WEEKDAY_LABELS } from '../answer-time';

const Header = styled.header`
  display: grid;
  gap: ${space(2)};
  overflow-wrap: anywhere;
`;

const Facts = styled.dl`
  ${cardStyles}
  margin: 0;
  padding: ${space(4)};
  display: grid;
  gap: ${space(3)};
  dt {
    font-weight: 600;
    display: flex;
    align-items: center;
    gap: ${space(1)};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Scores = styled.dl`
  margin: 0;
  display: grid;
  gap: ${space(2)};
  grid-template-columns: minmax(0, 1fr);
  ${media.sm} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  div {
    ${cardStyles}
    padding: ${space(3)};
    display: flex;
    flex-direction: column-reverse;
    gap: ${space(1)};
  }
  dd {
    margin: 0;
    font-size: ${font.size.xl};
    font-weight: 700;
  }
  dt {
    color: ${color.muted};
  }
`;

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${space(2)};
  li {
    ${cardStyles}
    padding: ${space(3)};
    overflow-wrap: anywhere;
  }
`;

/**
 * The public page of a venue (issue 26): who it is, when and how to pick up, how fast it answers;
 * `contact`, the way to reach it (composed by the route: another feature's).
 */
export function VenuePageView({ venue, contact }: { venue: VenuePage; contact?: ReactNode }) {
  const t = useT();
  const s = venue.scorecard;
  const hours = venue.workingHours;
  return (
    <Stack $gap={6}>
      <Header>
        <PageTitle>{venue.name}</PageTitle>
        <div>
          <Badge $tone="primary">{t(ORGANIZATION_TYPE_LABELS[venue.type])}</Badge>{' '}
          {venue.verified && <VerifiedVenueBadge />}
        </div>
        <VenueAnswerHint venue={venue} />
      </Header>

      <Facts aria-label={t('Məkan haqqında')}>
        <div>
          <dt>
            <PinIcon aria-hidden="true" /> {t('Ünvan')}
          </dt>
          <dd>{venue.address}</dd>
        </div>
        <div>
          <dt>
            <ClockIcon aria-hidden="true" /> {t('İş saatları')}
          </dt>
          <dd>
            {hours
              ? `${hours.days.map((d) => t(WEEKDAY_LABELS[d - 1]!)).join(', ')} · ${hours.opensAt}–${hours.closesAt}`
              : t('Göstərilməyib')}
          </dd>
        </div>
        <div>
          <dt>{t('Əşyanı necə götürmək olar')}</dt>
          <dd>{venue.pickupInstructions ?? t('Göstərilməyib')}</dd>
        </div>
      </Facts>

      {contact}

      <section aria-labelledby="venue-scorecard">
        <h2 id="venue-scorecard">{t('Son {days} gün', { days: s.windowDays })}</h2>
        <Scores>
          <div>
            <dt>{t('İlk cavaba qədər (median)')}</dt>
            <dd>
              {s.medianFirstAnswerMinutes === null ? '—' : answerTimeText(t, s.medianFirstAnswerMinutes)}
            </dd>
          </div>
          <div>
            <dt>{t('Vaxtında cavablanan sorğular')}</dt>
            <dd>{s.answeredWithinDeadlinePercent === null ? '—' : `${s.answeredWithinDeadlinePercent}%`}</dd>
          </div>
          <div>
            <dt>{t('Sahibinə qaytarılan əşyalar')}</dt>
            <dd>{s.itemsReturned}</dd>
          </div>
        </Scores>
      </section>

      <section aria-labelledby="venue-items">
        <h2 id="venue-items">{t('Bu məkanda tapılan əşyalar')}</h2>
        {venue.items.length === 0 ? (
          <Muted>{t('Hazırda elan yoxdur')}</Muted>
        ) : (
          <Items>
            {venue.items.map((item) => (
              <li key={item.id}>
                <Link to={`/elan/${item.id}`}>{item.title}</Link>
                <Muted>
                  {item.location} · <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
                </Muted>
              </li>
            ))}
          </Items>
        )}
      </section>
    </Stack>
  );
}
