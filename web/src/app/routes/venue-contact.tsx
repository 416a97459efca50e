import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button, ButtonLink } from '../../components/ui/button';
import { Alert, Muted, Stack } from '../../components/ui/layout';
import { Select } from '../../components/ui/select';
import { useMyAnnouncements } from '../../features/announcements/api/get-my-announcements';
import { useUser } from '../../features/auth/api/get-user';
import { useAskVenues } from '../../features/venue-checks/api/venue-checks';
import { errorMessage } from '../../lib/api-client';
import { msg, useT } from '../../lib/i18n';

/**
 * The venue page's contact button (issue 26 point 4): not an address but a check request (point 1)
 * for one of the visitor's own open lost announcements, so the venue answers within its deadline,
 * and a «Tapdıq» answer opens a claim with its conversation. A visitor signs in first; one without a
 * lost announcement posts one first.
 */
export default function VenueContact({ organizationId }: { organizationId: string }) {
  const t = useT();
  const location = useLocation();
  const { user, isLoading } = useUser();
  return (
    <section aria-labelledby="venue-contact">
      <Stack $gap={3}>
        <h2 id="venue-contact">{t('Bu məkanda nəsə itirmisiniz?')}</h2>
        <Muted>
          {t(
            'Məkanın əməkdaşlarından itirdiyiniz əşyanı yoxlamağı xahiş edin. Telefonunuz və ünvanınız göstərilmir: tapsalar, sizin üçün müraciət və yazışma açılır.',
          )}
        </Muted>
        {isLoading ? null : user ? (
          <AskFromOwnPost organizationId={organizationId} />
        ) : (
          <div>
            <ButtonLink to="/auth" state={{ from: `${location.pathname}${location.search}` }}>
              {t('Daxil olun və soruşun')}
            </ButtonLink>
          </div>
        )}
      </Stack>
    </section>
  );
}

function AskFromOwnPost({ organizationId }: { organizationId: string }) {
  const t = useT();
  const mine = useMyAnnouncements();
  const lost = (mine.data ?? []).filter((a) => a.type === 'lost' && a.status === 'open' && a.isActive);
  const [chosen, setChosen] = useState('');
  const announcementId = chosen || lost[0]?.id || '';
  const ask = useAskVenues(announcementId);
  const [askedFor, setAskedFor] = useState<string | null>(null);

  if (mine.isLoading) return null;
  if (lost.length === 0)
    return (
      <div>
        <ButtonLink to="/create?type=lost" variant="outline">
          {t('Əvvəlcə itirilmiş əşya elanı yerləşdirin')}
        </ButtonLink>
      </div>
    );
  if (askedFor)
    return (
      <Alert $tone="info" role="status">
        <p>
          {t('Soruşuldu. Cavabı elanınızın səhifəsində görəcəksiniz.')}{' '}
          <Link to={`/elan/${askedFor}`}>{t('Elana keçin')}</Link>
        </p>
      </Alert>
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await ask.trigger([organizationId]);
      setAskedFor(announcementId);
    } catch {
      // Shown below from ask.error.
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack $gap={3}>
        <Select
          label={t('İtirilmiş əşya elanınız')}
          name="announcementId"
          options={lost.map((a) => ({ value: a.id, label: a.title }))}
          value={announcementId}
          onChange={(e) => setChosen(e.target.value)}
        />
        {ask.error && !ask.isMutating && (
          <Alert role="alert">
            <p>{t(errorMessage(ask.error, msg('Məkanlardan soruşmaq mümkün olmadı')))}</p>
          </Alert>
        )}
        <div>
          <Button type="submit" loading={ask.isMutating}>
            {t('Bu məkandan soruş')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
