import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Muted, Stack } from '../../../components/ui/layout';
import { space } from '../../../components/ui/theme';
import { formatLocalDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useOverdueClaims } from '../api/overdue';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${space(2)};
  li {
    overflow-wrap: anywhere;
  }
`;

/**
 * Issue 26: claims on venues' items escalated past their answer deadline and still unanswered —
 * the super admin's "overdue" list (the venue's admins were told first).
 */
export function OverdueClaims() {
  const t = useT();
  const { data, error } = useOverdueClaims();
  return (
    <section aria-labelledby="overdue-claims">
      <Stack $gap={2}>
        <h3 id="overdue-claims">{t('Gecikən iddialar')}</h3>
        {error ? (
          <Muted role="alert">{t('Gecikən iddiaları yükləmək mümkün olmadı')}</Muted>
        ) : !data ? (
          <Muted role="status">{t('Yüklənir...')}</Muted>
        ) : data.length === 0 ? (
          <Muted>{t('Cavab müddəti keçmiş iddia yoxdur')}</Muted>
        ) : (
          <List>
            {data.map((c) => (
              <li key={c.requestId}>
                <Link to={`/elan/${c.announcementId}`}>{c.announcementTitle ?? c.announcementId}</Link>
                {/* Issue 26.1: a venue's unanswered request from an owner, not a claim. */}
                {c.kind === 'venue-check' && ` · ${t('Məkan sorğusu')}`}
                {' · '}
                {c.organizationName ?? c.organizationId}
                <Muted>{t('Son müddət: {due}', { due: formatLocalDate(new Date(c.dueAt), true) })}</Muted>
              </li>
            ))}
          </List>
        )}
      </Stack>
    </section>
  );
}
