import { useId, useState } from 'react';
import styled from 'styled-components';
import type { PostedWithin } from '@tapinti/contracts/announcements-api';
import { TextField } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { color, font, radius, space } from '../../../components/ui/theme';
import { msg, useT } from '../../../lib/i18n';
import { usePlaceSuggestions } from '../api/get-places';
import { usePlaceName } from '../../../lib/place-name';

/** The date filter's choices: any time, the quick ones, or a range of days (`from`/`to`). */
export const POSTED_OPTIONS: ReadonlyArray<{ value: '' | PostedWithin | 'range'; label: string }> = [
  { value: '', label: msg('İstənilən vaxt') },
  { value: '24h', label: msg('Son 24 saat') },
  { value: '7d', label: msg('Son 7 gün') },
  { value: '30d', label: msg('Son 30 gün') },
  { value: 'range', label: msg('Tarix aralığı') },
];

const Filters = styled.div`
  display: grid;
  gap: ${space(3)};
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  align-items: start;
  margin-bottom: ${space(4)};
`;

const PlaceBox = styled.div`
  position: relative;
`;

const Suggestions = styled.ul`
  position: absolute;
  z-index: 5;
  left: 0;
  right: 0;
  margin: ${space(1)} 0 0;
  padding: ${space(1)} 0;
  list-style: none;
  background: ${color.surface};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  box-shadow: 0 8px 24px rgba(15, 23, 42, 0.12);
  max-height: 320px;
  overflow-y: auto;
  button {
    width: 100%;
    padding: ${space(2)} ${space(3)};
    border: 0;
    background: none;
    text-align: left;
    font-size: ${font.size.sm};
    cursor: pointer;
    &:hover,
    &:focus-visible {
      background: ${color.primarySoft};
    }
  }
`;

export interface ListFiltersProps {
  /** The chosen place's id, or ''. */
  place: string;
  posted: string;
  from: string;
  to: string;
  onChange: (patch: Record<string, string | undefined>) => void;
}

/**
 * The place filter (a district, a metro station, a mall…, typed any way: suggestions come from the
 * server's gazetteer) and the date filter (the last 24 hours, 7 or 30 days, or a range of days).
 */
export function ListFilters({ place, posted, from, to, onChange }: ListFiltersProps) {
  const t = useT();
  const nameOf = usePlaceName();
  const [typed, setTyped] = useState('');
  const suggestions = usePlaceSuggestions(typed);
  const listId = useId();
  const [range, setRange] = useState(false);
  const dateChoice = posted || (range || from || to ? 'range' : '');

  return (
    <Filters>
      <PlaceBox>
        <TextField
          label={t('Məkan')}
          placeholder={t('Rayon, metro, ticarət mərkəzi...')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          role="combobox"
          aria-expanded={!!typed.trim() && !!suggestions.data?.length}
          aria-controls={listId}
        />
        {typed.trim() && suggestions.data && (
          <Suggestions id={listId} role="listbox" aria-label={t('Məkanlar')}>
            {suggestions.data.length === 0 && <li>{t('Belə yer tapılmadı')}</li>}
            {suggestions.data.map((p) => (
              <li key={p.id} role="option" aria-selected={p.id === place}>
                <button
                  type="button"
                  onClick={() => {
                    setTyped('');
                    onChange({ place: p.id });
                  }}
                >
                  {nameOf(p)}
                </button>
              </li>
            ))}
          </Suggestions>
        )}
      </PlaceBox>
      <Select
        label={t('Tarix')}
        options={POSTED_OPTIONS}
        value={dateChoice}
        onChange={(e) => {
          const value = e.target.value;
          setRange(value === 'range');
          onChange(
            value === 'range'
              ? { posted: undefined }
              : { posted: value || undefined, from: undefined, to: undefined },
          );
        }}
      />
      {dateChoice === 'range' && (
        <>
          <TextField
            label={t('Başlanğıc tarixi')}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => onChange({ from: e.target.value || undefined })}
          />
          <TextField
            label={t('Son tarix')}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => onChange({ to: e.target.value || undefined })}
          />
        </>
      )}
    </Filters>
  );
}
