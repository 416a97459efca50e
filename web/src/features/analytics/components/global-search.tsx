import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Badge } from '../../../components/ui/badge';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { color, font, radius, shadow, space, zIndex } from '../../../components/ui/theme';
import { searchable, useGlobalSearch } from '../api/search';
import { useDashboardText } from '../i18n';

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
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${space(1)} ${space(2)};
    padding: ${space(1.5)} ${space(4)};
    font-size: ${font.size.sm};
    overflow-wrap: anywhere;
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

/** The header's global search: organisations, announcements and users, at most 3 each, from 3 characters. */
export function GlobalSearch() {
  const t = useDashboardText();
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

  const show = open && searchable(text);
  const total = data ? data.organizations.length + data.announcements.length + data.users.length : 0;

  return (
    <Wrapper ref={wrapper} role="search">
      <TextField
        label={t.search.label}
        hideLabel
        type="search"
        placeholder={t.search.placeholder}
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
        <Results id={resultsId} role="region" aria-label={t.search.label} aria-live="polite">
          {(isLoading || q.trim() !== text.trim()) && !data && (
            <p>
              <Spinner size={14} /> {t.search.searching}
            </p>
          )}
          {error && <p role="alert">{t.search.failed}</p>}
          {data && total === 0 && <p>{t.search.empty}</p>}
          {data && data.organizations.length > 0 && (
            <section>
              <h3>{t.search.groups.organizations}</h3>
              <ul>
                {data.organizations.map((o) => (
                  <li key={o.id}>
                    <strong>{o.name}</strong>
                    <Badge $tone={o.isActive ? 'success' : 'danger'}>
                      {o.isActive ? t.organizations.active : t.organizations.suspended}
                    </Badge>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {data && data.announcements.length > 0 && (
            <section>
              <h3>{t.search.groups.announcements}</h3>
              <ul>
                {data.announcements.map((a) => (
                  <li key={a.id}>
                    <strong>{a.title}</strong>
                    <small>{a.location}</small>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {data && data.users.length > 0 && (
            <section>
              <h3>{t.search.groups.users}</h3>
              <ul>
                {data.users.map((u) => (
                  <li key={u.id}>
                    <strong>{u.username}</strong>
                    <small>{u.email}</small>
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
