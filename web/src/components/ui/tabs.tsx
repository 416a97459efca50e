import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { color, font, radius, space } from './theme';

const List = styled.div<{ $maxWidth?: number; $wrap?: boolean }>`
  display: flex;
  flex-wrap: ${(p) => (p.$wrap ? 'wrap' : 'nowrap')};
  max-width: ${(p) => (p.$maxWidth ? `${p.$maxWidth}px` : 'none')};
  gap: ${space(1)};
  padding: ${space(1)};
  background: ${color.subtle};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  overflow-x: auto;
`;

const Tab = styled.button<{ $active: boolean }>`
  flex: 1 0 auto;
  min-height: 40px;
  padding: ${space(2)} ${space(4)};
  border: 0;
  border-radius: ${radius.sm};
  font-weight: ${font.weight.semibold};
  font-size: ${font.size.sm};
  cursor: pointer;
  white-space: nowrap;
  background: ${(p) => (p.$active ? color.surface : 'transparent')};
  color: ${(p) => (p.$active ? color.primaryHover : color.muted)};
  box-shadow: ${(p) => (p.$active ? '0 1px 3px rgba(15,23,42,0.12)' : 'none')};
`;

const Panel = styled.div`
  padding-top: ${space(5)};
  &:focus-visible {
    outline: 3px solid ${color.focus};
    outline-offset: 4px;
  }
`;

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps<T extends string> {
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  /** Keeps the tab row narrower than the panels (px). */
  listMaxWidth?: number;
  /** Tabs go on several rows on narrow screens instead of scrolling sideways. */
  wrap?: boolean;
  /**
   * The active panel starts with its tab's label as a (visually hidden) heading of this level, so
   * headings inside the panel keep the page's outline (h1 → h2 → h3).
   */
  panelHeading?: 'h2' | 'h3';
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the active panel renders. */
export function Tabs<T extends string>({
  items,
  value,
  onChange,
  label,
  listMaxWidth,
  wrap,
  panelHeading: PanelHeading,
}: TabsProps<T>) {
  const base = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((i) => i.id === value);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = items[next]!;
    onChange(target.id);
    refs.current.get(target.id)?.focus();
  };

  const active = items.find((i) => i.id === value) ?? items[0];
  return (
    <div>
      <List role="tablist" aria-label={label} onKeyDown={onKeyDown} $maxWidth={listMaxWidth} $wrap={wrap}>
        {items.map((item) => (
          <Tab
            key={item.id}
            ref={(el) => {
              if (el) refs.current.set(item.id, el);
              else refs.current.delete(item.id);
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${item.id}`}
            aria-selected={item.id === value}
            aria-controls={`${base}-panel-${item.id}`}
            tabIndex={item.id === value ? 0 : -1}
            $active={item.id === value}
            onClick={() => onChange(item.id)}
          >
            {item.label}
          </Tab>
        ))}
      </List>
      {active && (
        <Panel
          role="tabpanel"
          id={`${base}-panel-${active.id}`}
          aria-labelledby={`${base}-tab-${active.id}`}
          tabIndex={0}
        >
          {PanelHeading && <PanelHeading className="visually-hidden">{active.label}</PanelHeading>}
          {active.content}
        </Panel>
      )}
    </div>
  );
}
