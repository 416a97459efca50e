import { useId, useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/field';
import { Alert, FieldPair, Muted, Row, Stack } from '../../../components/ui/layout';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { color, font } from '../../../components/ui/theme';
import { errorMessage } from '../../../lib/api-client';
import { msg, useI18n, useT } from '../../../lib/i18n';
import { placeNameIn } from '../../../lib/place-name';
import { useVenues } from '../../../lib/venues';
import { useAskVenues } from '../api/venue-checks';
import { ASK_VENUES } from '../labels';
import { districtsOf, filterVenues, type VenueFilter } from '../venue-filter';
import { ChoiceList } from './choice-list';

const Choices = styled(ChoiceList).attrs({ $maxHeight: 300 })`
  li {
    overflow-wrap: anywhere;
    border-bottom: 1px solid ${color.subtle};
  }
  li:last-child {
    border-bottom: 0;
  }
  .where {
    display: block;
    color: ${color.muted};
    font-size: ${font.size.xs};
    font-weight: ${font.weight.regular};
  }
`;

export interface AskVenuesDialogProps {
  announcementId: string;
  /** How many more venues this announcement may ask. */
  venuesLeft: number;
  /** The venues asked already (shown, not chosen again). */
  asked: readonly string[];
  /** The organisation types' names, in the order the type filter offers them. */
  venueTypes: Readonly<Record<string, string>>;
  onClose: () => void;
  /** Sent: how many venues were asked. */
  onAsked: (count: number) => void;
}

/**
 * The venue picker: by name, or by type and district («all malls in Nəsimi», «the airport»),
 * choosing venues one by one or all shown at once, within the announcement's venues left.
 */
export default function AskVenuesDialog({
  announcementId,
  venuesLeft,
  asked,
  venueTypes,
  onClose,
  onAsked,
}: AskVenuesDialogProps) {
  const t = useT();
  const { language } = useI18n();
  const countId = useId();
  const venues = useVenues();
  const ask = useAskVenues(announcementId);
  const [filter, setFilter] = useState<VenueFilter>({ name: '', type: '', district: '' });
  const [chosen, setChosen] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const askedSet = useMemo(() => new Set(asked), [asked]);
  const all = venues.data ?? [];
  const shown = useMemo(() => filterVenues(venues.data ?? [], filter), [venues.data, filter]);
  const typeOptions = useMemo(() => {
    const present = new Set((venues.data ?? []).map((v) => v.type));
    return [
      { value: '', label: msg('Bütün növlər') },
      ...Object.entries(venueTypes)
        .filter(([type]) => present.has(type))
        .map(([value, label]) => ({ value, label })),
    ];
  }, [venues.data, venueTypes]);
  const districtOptions = useMemo(
    () => [
      { value: '', label: msg('Bütün rayonlar') },
      ...districtsOf(venues.data ?? []).map((d) => ({ value: d.id, label: placeNameIn(d, language) })),
    ],
    [venues.data, language],
  );
  const full = chosen.length >= venuesLeft;
  const choosable = shown.filter(
    (v) => !askedSet.has(v.organizationId) && !chosen.includes(v.organizationId),
  );

  const toggle = (id: string, on: boolean) =>
    setChosen((list) => (on ? [...list, id] : list.filter((x) => x !== id)));
  const chooseAllShown = () =>
    setChosen((list) => [
      ...list,
      ...choosable.slice(0, venuesLeft - list.length).map((v) => v.organizationId),
    ]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (chosen.length === 0) return;
    try {
      await ask.trigger(chosen);
      onAsked(chosen.length);
    } catch {
      // Shown below from ask.error.
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t(ASK_VENUES)}
      description={t(
        'Seçdiyiniz məkanların əməkdaşları elanınızı və öz tapılmış əşyalarını görəcək, «Burada yoxdur» və ya «Tapdıq» deyə cavab verəcək. Əlaqə məlumatlarınız onlara göstərilmir.',
      )}
      width={640}
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack $gap={4}>
          <TextField
            label={t('Məkanın adı')}
            type="search"
            name="venueName"
            autoComplete="off"
            value={filter.name}
            onChange={(e) => setFilter({ ...filter, name: e.target.value })}
          />
          <FieldPair>
            <Select
              label={t('Məkanın növü')}
              name="venueType"
              options={typeOptions}
              value={filter.type}
              onChange={(e) => setFilter({ ...filter, type: e.target.value })}
            />
            <Select
              label={t('Rayon')}
              name="venueDistrict"
              options={districtOptions}
              value={filter.district}
              onChange={(e) => setFilter({ ...filter, district: e.target.value })}
            />
          </FieldPair>
          {venues.isLoading && <Spinner size={24} label={t('Məkanlar yüklənir...')} />}
          {venues.error && (
            <Alert>
              <p>{errorMessage(venues.error, t('Məkanları yükləmək mümkün olmadı'))}</p>
              <Button variant="outline" size="sm" onClick={() => void venues.mutate()}>
                {t('Yenidən cəhd et')}
              </Button>
            </Alert>
          )}
          {venues.data && (
            <Choices aria-describedby={countId}>
              <legend>{t('Məkanlar ({count})', { count: shown.length })}</legend>
              {shown.length === 0 ? (
                <Muted>
                  {all.length === 0 ? t('Hələ heç bir məkan yoxdur.') : t('Bu seçimə uyğun məkan yoxdur.')}
                </Muted>
              ) : (
                <ul>
                  {shown.map((v) => {
                    const wasAsked = askedSet.has(v.organizationId);
                    const on = chosen.includes(v.organizationId);
                    return (
                      <li key={v.organizationId}>
                        <Checkbox
                          name="venue"
                          value={v.organizationId}
                          checked={wasAsked || on}
                          disabled={wasAsked || (!on && full)}
                          onChange={(e) => toggle(v.organizationId, e.target.checked)}
                          label={
                            <>
                              {v.name}
                              <span className="where">
                                {[
                                  t(venueTypes[v.type] ?? v.type),
                                  v.district && placeNameIn(v.district, language),
                                ]
                                  .filter(Boolean)
                                  .join(' · ')}
                                {wasAsked && ` · ${t('artıq soruşulub')}`}
                              </span>
                            </>
                          }
                        />
                      </li>
                    );
                  })}
                </ul>
              )}
            </Choices>
          )}
          <Row $justify="space-between" $wrap>
            <Muted id={countId} role="status" aria-live="polite">
              {t('Seçilib: {count} / {max}', { count: chosen.length, max: venuesLeft })}
            </Muted>
            {choosable.length > 0 && !full && (
              <Button type="button" variant="ghost" size="sm" onClick={chooseAllShown}>
                {t('Göstərilənlərin hamısını seç')}
              </Button>
            )}
          </Row>
          {tried && chosen.length === 0 && <Muted role="alert">{t('Ən azı bir məkan seçin')}</Muted>}
          {ask.error && !ask.isMutating && (
            <Muted role="alert">
              {t(errorMessage(ask.error, msg('Məkanlardan soruşmaq mümkün olmadı')))}
            </Muted>
          )}
          <Row $justify="flex-end" $wrap>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('Ləğv et')}
            </Button>
            <Button type="submit" loading={ask.isMutating}>
              {t('Göndər ({count})', { count: chosen.length })}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
