import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../components/ui/button';
import { PlusIcon, SearchIcon } from '../../components/ui/icons';
import { color, font, radius, shadow, space, zIndex } from '../../components/ui/theme';
import { msg, useT } from '../../lib/i18n';

const Wrapper = styled.div<{ $inline: boolean }>`
  position: relative;
  display: ${(p) => (p.$inline ? 'flex' : 'inline-flex')};
  flex-direction: column;
  gap: ${space(2)};
`;

const Choices = styled.ul<{ $inline: boolean }>`
  list-style: none;
  margin: 0;
  padding: ${space(1.5)};
  display: flex;
  flex-direction: column;
  gap: ${space(1)};
  background: ${color.surface};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  ${(p) =>
    p.$inline
      ? ''
      : `position: absolute; top: calc(100% + ${space(1)}); left: 0; z-index: ${zIndex.header + 1};
         min-width: 220px; box-shadow: ${shadow.md};`}
  a {
    display: flex;
    align-items: center;
    gap: ${space(2)};
    min-height: 44px;
    padding: ${space(2)} ${space(3)};
    border-radius: ${radius.sm};
    color: ${color.text};
    font-weight: ${font.weight.medium};
    text-decoration: none;
  }
  a:hover,
  a:focus-visible {
    background: ${color.subtle};
  }
`;

const CHOICES = [
  { to: '/create?type=lost', label: msg('Əşyamı itirdim'), icon: <SearchIcon size={16} /> },
  { to: '/create?type=found', label: msg('Əşya tapdım'), icon: <PlusIcon size={16} /> },
];

/**
 * The header's 'Elan yarat': a disclosure that asks what the user posts, lost or found (a plain
 * list of two links, so keyboard and screen readers need nothing special). Closes on a choice,
 * Escape, a click elsewhere or navigation.
 */
export function CreateAnnouncementMenu({ inline = false }: { inline?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <Wrapper ref={wrapper} $inline={inline}>
      <Button
        ref={button}
        size="sm"
        fullWidth={inline}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
      >
        <PlusIcon size={16} /> {t('Elan yarat')}
      </Button>
      {open && (
        <Choices id={listId} $inline={inline} aria-label={t('Hansı elanı yaradırsınız?')}>
          {CHOICES.map((c) => (
            <li key={c.to}>
              <Link to={c.to} onClick={() => setOpen(false)}>
                {c.icon}
                {t(c.label)}
              </Link>
            </li>
          ))}
        </Choices>
      )}
    </Wrapper>
  );
}
