import styled from 'styled-components';
import type { PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ImageIcon } from '../../../components/ui/icons';
import { Alert, Muted, Stack } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { color, font, radius, space } from '../../../components/ui/theme';
import { errorMessage } from '../../../lib/api-client';
import { useAnnouncementMatches } from '../api/get-announcement-matches';
import { matchScoreLabel, STRONG_MATCH_SCORE, TYPE_LABELS } from '../labels';
import { useT } from '../../../lib/i18n';

const Heading = styled.h3`
  font-size: ${font.size.lg};
  font-weight: ${font.weight.bold};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: 96px minmax(0, 1fr);
  gap: ${space(3)};
  padding: ${space(3)};
  border: 1px solid ${color.border};
  border-radius: ${radius.lg};
  img,
  .placeholder {
    width: 96px;
    height: 60px;
    object-fit: cover;
    border-radius: ${radius.md};
    background: ${color.subtle};
  }
  .placeholder {
    display: flex;
    align-items: center;
    justify-content: center;
    color: ${color.muted};
  }
`;

const Title = styled.h4`
  font-size: ${font.size.md};
  font-weight: ${font.weight.semibold};
  overflow-wrap: anywhere;
`;

const Reasons = styled.ul`
  margin: 0;
  padding-left: ${space(5)};
  font-size: ${font.size.sm};
  color: ${color.muted};
  overflow-wrap: anywhere;
`;

export interface AnnouncementMatchesProps {
  /** The announcement whose matches are listed (one the viewer manages). */
  id: string;
  /** "Ətraflı bax" on a match: the page opens its details (and from there, the claim). */
  onOpen: (announcement: PublicAnnouncement) => void;
}

/** Announcements of the other type that look like this one: photo, title, score in words and why. */
export function AnnouncementMatches({ id, onOpen }: AnnouncementMatchesProps) {
  const t = useT();
  const { data, error, isLoading, mutate } = useAnnouncementMatches(id);
  return (
    <Stack as="section" $gap={3} aria-label={t('Uyğun elanlar')} data-testid="announcement-matches">
      <Heading>{t('Uyğun elanlar')}</Heading>
      {isLoading && <Spinner size={24} label={t('Uyğun elanlar yüklənir...')} />}
      {error && (
        <Alert>
          <p>{errorMessage(error, t('Uyğun elanları yükləmək mümkün olmadı'))}</p>
          <Button variant="outline" size="sm" onClick={() => void mutate()}>
            {t('Yenidən cəhd et')}
          </Button>
        </Alert>
      )}
      {data?.length === 0 && (
        <Muted>{t('Hələ uyğun elan tapılmayıb. Yeni elanlar əlavə olunduqca yoxlanılır.')}</Muted>
      )}
      {data && data.length > 0 && (
        <List>
          {data.map(({ announcement: a, score, reasons }) => {
            const picture = a.thumbnailUrl ?? a.imageUrl;
            return (
              <Item key={a.id} aria-labelledby={`match-${a.id}-title`} data-testid="announcement-match">
                {picture ? (
                  <img src={picture} alt={a.title} width={96} height={60} loading="lazy" decoding="async" />
                ) : (
                  <div
                    className="placeholder"
                    role="img"
                    aria-label={t('{title}: şəkil əlavə edilməyib', { title: a.title })}
                  >
                    <ImageIcon size={24} />
                  </div>
                )}
                <Stack $gap={2}>
                  <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
                    <Badge $tone={score >= STRONG_MATCH_SCORE ? 'success' : 'primary'}>
                      {t(matchScoreLabel(score))}
                    </Badge>
                    <Badge $tone={a.type === 'lost' ? 'danger' : 'success'}>{t(TYPE_LABELS[a.type])}</Badge>
                  </div>
                  <Title id={`match-${a.id}-title`}>{a.title}</Title>
                  {reasons.length > 0 && (
                    <Reasons aria-label={t('Səbəblər')}>
                      {reasons.map((reason) => (
                        <li key={reason}>{reason}</li>
                      ))}
                    </Reasons>
                  )}
                  <div>
                    <Button size="sm" variant="outline" onClick={() => onOpen(a)}>
                      {t('Ətraflı bax')}
                    </Button>
                  </div>
                </Stack>
              </Item>
            );
          })}
        </List>
      )}
    </Stack>
  );
}
