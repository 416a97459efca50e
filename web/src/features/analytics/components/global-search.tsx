import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge } from '../../../components/ui/badge';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { color, font, radius, shadow, space, zIndex } from '../../../components/ui/theme';
import { useT } from '../../../lib/i18n';
import { searchable, useGlobalSearch } from '../api/search';
import { dashboardHref } from '../dashboard-state';

const Wrapper = styled.div`
  position: relative;
  width: 100%;
  max-width: 520px;
  min-width: 0;
`;

const Results = styled.div`
  position: absolute;
  z-index: ${zIndex.header + 1};
  top: calc(100% + ${space(1)});
  left: 0;
  right: 0;
  max-height: 60vh;
  overflow-y: auto;
  background: ${color.surface};
  color: ${color.text};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  box-shadow: ${shadow.lg};
  padding: ${space(2)} 0;
  h3 {
    font-size: ${font.size.xs};
    text-transform: uppercase;
    letter-spacing: 0.05em;
    color: ${color.muted};
    padding: ${space(2)} ${space(4)} ${space(1)};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li > a {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${space(1)} ${space(2)};
    padding: ${space(1.5)} ${space(4)};
    font-size: ${font.size.sm};
    overflow-wrap: anywhere;
    color: inherit;
    text-decoration: none;
  }
  li > a:hover,
  li > a:focus-visible {
    background: ${color.subtle};
    text-decoration: underline;
  }
  small {
    color: ${color.muted};
  }
  p {
    padding: ${space(2)} ${space(4)};
    color: ${color.muted};
    font-size: ${font.size.sm};
  }
`;

/** Debounces typing: the query follows the text 300 ms after the last key. */
function useDebounced(value: string, ms = 300) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The header's global search: organisations, announcements and users, at most 3 each, from 3
 * characters. Each result is a link with its own URL: an announcement's page, the organisations tab
 * showing that organisation, the audit tab showing that user's actions.
 */
export function GlobalSearch() {
  const t = useT();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebounced(text);
  const { data, error, isLoading } = useGlobalSearch(q);
  const wrapper = useRef<HTMLDivElement>(null);
  const resultsId = useId();

  useEffect(() => {
    const onDown = (e: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, []);

  const close = () => setOpen(false);
  const show = open && searchable(text);
  const total = data ? data.organizations.length + data.announcements.length + data.users.length : 0;

  return (
    <Wrapper ref={wrapper} role="search">
      <TextField
        label={t('Qlobal axtarış')}
        hideLabel
        type="search"
        placeholder={t('Təşkilat, elan, istifadəçi…')}
        value={text}
        aria-controls={show ? resultsId : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
      />
      {show && (
        <Results id={resultsId} role="region" aria-label={t('Qlobal axtarış')} aria-live="polite">
          {(isLoading || q.trim() !== text.trim()) && !data && (
            <p>
              <Spinner size={14} /> {t('Axtarılır...')}
            </p>
          )}
          {error && <p role="alert">{t('Axtarış alınmadı')}</p>}
          {data && total === 0 && <p>{t('Heç nə tapılmadı')}</p>}
          {data && data.organizations.length > 0 && (
            <section>
              <h3>{t('Təşkilatlar')}</h3>
              <ul>
                {data.organizations.map((o) => (
                  <li key={o.id}>
                    <Link to={dashboardHref({ tab: 'organizations', organization: o.id })} onClick={close}>
                      <strong>{o.name}</strong>
                      <Badge $tone={o.isActive ? 'success' : 'danger'}>
                        {o.isActive ? t('Aktiv') : t('Deaktiv')}
                      </Badge>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {data && data.announcements.length > 0 && (
            <section>
              <h3>{t('Elanlar')}</h3>
              <ul>
                {data.announcements.map((a) => (
                  <li key={a.id}>
                    <Link to={`/elan/${a.id}`} onClick={close}>
                      <strong>{a.title}</strong>
                      <small>{a.location}</small>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {data && data.users.length > 0 && (
            <section>
              <h3>{t('İstifadəçilər')}</h3>
              <ul>
                {data.users.map((u) => (
                  <li key={u.id}>
                    <Link to={dashboardHref({ tab: 'audit', user: u.id, range: 'all' })} onClick={close}>
                      <strong>{u.username}</strong>
                      <small>{u.email}</small>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </Results>
      )}
    </Wrapper>
  );
}
