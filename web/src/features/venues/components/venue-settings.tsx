import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { VenueProfile } from '@tapinti/contracts/venues-api';
import { AnchorButton, Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextArea, TextField } from '../../../components/ui/field';
import { Alert, Muted, Row, Stack } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useUpdateVenueProfile, useVenueProfile, venuePosterUrl } from '../api/venue';
import { WEEKDAY_LABELS } from '../answer-time';

interface Draft {
  slug: string;
  hasHours: boolean;
  days: number[];
  opensAt: string;
  closesAt: string;
  pauses: boolean;
  pickup: string;
}

const draftOf = (p: VenueProfile | undefined): Draft => ({
  slug: p?.slug ?? '',
  hasHours: Boolean(p?.workingHours),
  days: p?.workingHours?.days ?? [1, 2, 3, 4, 5],
  opensAt: p?.workingHours?.opensAt ?? '09:00',
  closesAt: p?.workingHours?.closesAt ?? '18:00',
  pauses: p?.pausesDeadlineOutsideHours ?? false,
  pickup: p?.pickupInstructions ?? '',
});

/**
 * The /org-admin «Məkan səhifəsi» tab (issue 26): the page's address, working hours (and whether
 * they pause the answer deadline), pickup instructions — edited by admins, read by staff — and
 * the desk's QR poster.
 */
export function VenueSettings({ organizationId, canEdit }: { organizationId: string; canEdit: boolean }) {
  const t = useT();
  const { toast } = useToast();
  const profile = useVenueProfile(organizationId);
  const { trigger, isMutating } = useUpdateVenueProfile(organizationId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile.data));
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  useEffect(() => setDraft(draftOf(profile.data)), [profile.data]);
  const missing = profile.error instanceof ApiError && profile.error.status === 404;
  if (profile.isLoading) return <Spinner size={28} label={t('Yüklənir...')} />;
  if (profile.error && !missing)
    return <Alert>{errorMessage(profile.error, t('Məkan səhifəsi yüklənmədi'))}</Alert>;

  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  const toggleDay = (day: number) =>
    set({
      days: draft.days.includes(day) ? draft.days.filter((d) => d !== day) : [...draft.days, day].sort(),
    });
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await trigger({
        slug: draft.slug.trim(),
        workingHours: draft.hasHours
          ? { days: draft.days, opensAt: draft.opensAt, closesAt: draft.closesAt }
          : null,
        pausesDeadlineOutsideHours: draft.hasHours && draft.pauses,
        pickupInstructions: draft.pickup.trim() || undefined,
      });
      toast({ title: t('Məkan səhifəsi yadda saxlanıldı'), variant: 'success' });
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.field : undefined;
      setError({ field, message: errorMessage(failure, t('Yadda saxlamaq mümkün olmadı')) });
    }
  };
  const fieldError = (name: string) => (error?.field?.startsWith(name) ? error.message : undefined);

  return (
    <Stack $gap={4}>
      <Muted>
        {t('Məkanın ictimai səhifəsi: ünvan, iş saatları, götürmə qaydası, əşyalar və cavab göstəriciləri.')}
      </Muted>
      {profile.data && (
        <Row $gap={2} $wrap>
          <Link to={`/t/${profile.data.slug}`}>{t('Səhifəni aç')}</Link>
          <AnchorButton
            variant="outline"
            href={venuePosterUrl(organizationId)}
            target="_blank"
            rel="noopener"
          >
            {t('QR plakatı (PDF)')}
          </AnchorButton>
        </Row>
      )}
      {missing && <Muted>{t('Məkan səhifəsi hələ yoxdur: ünvanı seçib yadda saxlayın.')}</Muted>}
      <form onSubmit={(e) => void save(e)} aria-label={t('Məkan səhifəsi')}>
        <fieldset disabled={!canEdit || isMutating} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack $gap={3}>
            <TextField
              label={t('Səhifənin ünvanı (/t/…)')}
              hint={t('Kiçik latın hərfləri, rəqəmlər və tire')}
              value={draft.slug}
              onChange={(e) => set({ slug: e.target.value })}
              error={fieldError('slug') ?? (error && !error.field ? error.message : undefined)}
              required
            />
            <Checkbox
              label={t('İş saatlarını göstər')}
              checked={draft.hasHours}
              onChange={(e) => set({ hasHours: e.target.checked })}
            />
            {draft.hasHours && (
              <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                <legend>{t('İş günləri')}</legend>
                <Row $gap={2} $wrap>
                  {WEEKDAY_LABELS.map((label, i) => (
                    <Checkbox
                      key={label}
                      label={t(label)}
                      checked={draft.days.includes(i + 1)}
                      onChange={() => toggleDay(i + 1)}
                    />
                  ))}
                </Row>
                <Row $gap={2} $wrap>
                  <TextField
                    label={t('Açılır')}
                    type="time"
                    value={draft.opensAt}
                    onChange={(e) => set({ opensAt: e.target.value })}
                  />
                  <TextField
                    label={t('Bağlanır')}
                    type="time"
                    value={draft.closesAt}
                    onChange={(e) => set({ closesAt: e.target.value })}
                    error={fieldError('workingHours')}
                  />
                </Row>
                <Checkbox
                  label={t('İş saatlarından kənarda cavab müddəti dayansın')}
                  checked={draft.pauses}
                  onChange={(e) => set({ pauses: e.target.checked })}
                />
              </fieldset>
            )}
            <TextArea
              label={t('Əşyanı necə götürmək olar')}
              value={draft.pickup}
              maxLength={500}
              onChange={(e) => set({ pickup: e.target.value })}
              error={fieldError('pickupInstructions')}
            />
            {profile.data && (
              <Muted>
                {t('Planınıza görə iddialara {hours} saat ərzində cavab verməlisiniz.', {
                  hours: profile.data.answerDeadlineHours,
                })}
              </Muted>
            )}
            {canEdit && (
              <div>
                <Button type="submit" loading={isMutating}>
                  {t('Yadda saxla')}
                </Button>
              </div>
            )}
          </Stack>
        </fieldset>
      </form>
    </Stack>
  );
}
