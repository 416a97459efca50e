import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { CreateSavedSearchRequest } from '@tapinti/contracts/saved-searches-api';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { BellIcon } from '../../../components/ui/icons';
import { Stack } from '../../../components/ui/layout';
import { color, font, space } from '../../../components/ui/theme';
import { errorMessage } from '../../../lib/api-client';
import { msg, useT } from '../../../lib/i18n';
import { useSaveSearch } from '../api/save-search';

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  align-items: flex-end;
  > :first-child {
    flex: 1 1 220px;
    min-width: 0;
  }
`;

const Status = styled.p<{ $tone: 'info' | 'danger' }>`
  font-size: ${font.size.sm};
  color: ${(p) => (p.$tone === 'danger' ? color.danger : color.muted)};
  overflow-wrap: anywhere;
`;

export interface SaveSearchControlProps {
  /** The home page's filters as they are now (category 'all' and an empty text mean none). */
  filters: { search: string; category: string; place: string; rewardsOnly: boolean };
  signedIn: boolean;
}

/** The filters as the saved search takes them; null when there is nothing to save. */
export function savedSearchOf(filters: SaveSearchControlProps['filters']): CreateSavedSearchRequest | null {
  const body: CreateSavedSearchRequest = {
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.category && filters.category !== 'all'
      ? { category: filters.category as CreateSavedSearchRequest['category'] }
      : {}),
    ...(filters.place ? { place: filters.place } : {}),
    ...(filters.rewardsOnly ? { rewards: true } : {}),
  };
  return Object.keys(body).length > 0 ? body : null;
}

/**
 * «Bu axtarışı yadda saxla» under the home filters (issue 26): a signed-in user's search is saved
 * in one click; a visitor gives an e-mail address and is told a confirmation link was sent
 * (nothing else is sent before they follow it). Every outcome is announced to screen readers.
 */
export function SaveSearchControl({ filters, signedIn }: SaveSearchControlProps) {
  const t = useT();
  const statusId = useId();
  const save = useSaveSearch();
  const [askingEmail, setAskingEmail] = useState(false);
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<'saved' | 'confirm' | null>(null);
  const body = savedSearchOf(filters);
  if (!body) return null;

  const submit = async (withEmail?: string) => {
    setDone(null);
    try {
      await save.trigger(withEmail ? { ...body, email: withEmail } : body);
      setDone(withEmail ? 'confirm' : 'saved');
      setAskingEmail(false);
    } catch {
      // Shown below from save.error.
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(email.trim());
  };

  return (
    <Stack $gap={2} data-testid="save-search">
      {askingEmail && !signedIn ? (
        <Form onSubmit={onSubmit} aria-label={t('Axtarış bildirişləri')}>
          <TextField
            label={t('E-poçt ünvanınız')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            hint={t('Əvvəlcə ünvanı təsdiqləmək üçün link göndəririk.')}
          />
          <Button type="submit" loading={save.isMutating}>
            {t('Bildiriş al')}
          </Button>
        </Form>
      ) : (
        <div>
          <Button
            variant="outline"
            size="sm"
            icon={<BellIcon size={16} />}
            loading={save.isMutating}
            aria-describedby={done || save.error ? statusId : undefined}
            onClick={() => (signedIn ? void submit() : setAskingEmail(true))}
          >
            {t('Bu axtarışı yadda saxla')}
          </Button>
        </div>
      )}
      <div id={statusId} role="status" aria-live="polite">
        {done === 'saved' && (
          <Status $tone="info">
            {t('Axtarış yadda saxlanıldı: yeni uyğun elan olanda tətbiqdə və e-poçtla xəbər veririk.')}{' '}
            <Link to="/axtarislarim">{t('Saxladığım axtarışlar')}</Link>
          </Status>
        )}
        {done === 'confirm' && (
          <Status $tone="info">
            {t('Təsdiq linki e-poçtunuza göndərildi. Linkə keçənə qədər başqa heç nə göndərmirik.')}
          </Status>
        )}
        {save.error && !save.isMutating && (
          <Status $tone="danger" role="alert">
            {t(errorMessage(save.error, msg('Axtarışı yadda saxlamaq mümkün olmadı')))}
          </Status>
        )}
      </div>
    </Stack>
  );
}
