import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { CATEGORIES, type Category } from '@tapinti/contracts/announcements-api';
import {
  prefixRequestSchema,
  renameStoragePlaceRequestSchema,
  retentionRequestSchema,
  storagePlaceRequestSchema,
  type StoragePlace,
} from '@tapinti/contracts/inventory-api';
import {
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  STORAGE_PLACE_KINDS,
  type StoragePlaceKind,
} from '@tapinti/contracts/inventory-events';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { Muted, Row, SectionTitle, Stack } from '../../../components/ui/layout';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { font, space } from '../../../components/ui/theme';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { errorToast } from '../../../lib/submit-errors';
import {
  useInventorySettings,
  useRetention,
  useSaveStoragePlace,
  useSetPrefix,
  useSetRetention,
  useStoragePlaces,
} from '../api/inventory';
import { EXAMPLE_PREFIX, STORAGE_PLACE_KIND_LABELS } from '../labels';
import { LoadFailed } from './inventory-notices';

const SubTitle = styled(SectionTitle)`
  font-size: ${font.size.lg};
`;

const Places = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

const onEnd = { alignItems: 'flex-end' } as const;

/** The office's settings, for admins: the reference prefix, storage places, retention per category. */
export function InventorySettings({
  organizationId,
  categoryLabels,
}: {
  organizationId: string;
  categoryLabels: Record<Category, string>;
}) {
  const t = useT();
  return (
    <Stack $gap={6}>
      <Card>
        <CardBody>
          <PrefixForm organizationId={organizationId} />
        </CardBody>
      </Card>
      <Card>
        <CardBody>
          <StoragePlaces organizationId={organizationId} />
        </CardBody>
      </Card>
      <Card>
        <CardBody>
          <RetentionForm organizationId={organizationId} categoryLabels={categoryLabels} />
        </CardBody>
      </Card>
      <Muted>
        {t('Dəyişikliklər yalnız adminlərə açıqdır; əməkdaşlar əşyaları qeydə alır, köçürür və çıxarır.')}
      </Muted>
    </Stack>
  );
}

function PrefixForm({ organizationId }: { organizationId: string }) {
  const t = useT();
  const { toast } = useToast();
  const settings = useInventorySettings(organizationId);
  const { trigger, isMutating } = useSetPrefix(organizationId);
  const [prefix, setPrefix] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  if (settings.error) return <LoadFailed error={settings.error} fallback={t('Anbar məlumatı yüklənmədi')} />;
  if (!settings.data) return <Spinner size={24} label={t('Yüklənir...')} />;
  const value = prefix ?? settings.data.prefix ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = prefixRequestSchema.safeParse({ prefix: value });
    setError(firstMessage(parsed));
    if (!parsed.success) return;
    try {
      await trigger(parsed.data.prefix);
      setPrefix(null);
      toast({ title: t('Prefiks yadda saxlanıldı'), variant: 'success' });
    } catch (e) {
      toast(errorToast(e, t('Prefiks yadda saxlanılmadı')));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="prefix-title">
      <Stack $gap={3}>
        <SubTitle id="prefix-title">{t('İstinad prefiksi')}</SubTitle>
        <Muted>
          {t('Əşyaların nömrəsi bununla başlayır (PBV-000123). Dəyişsəniz, verilmiş nömrələr qalır.')}
        </Muted>
        <Row $gap={2} style={onEnd}>
          <div style={{ flex: '1 1 160px' }}>
            <TextField
              name="prefix"
              label={t('Prefiks')}
              placeholder={EXAMPLE_PREFIX}
              maxLength={5}
              autoCapitalize="characters"
              value={value}
              onChange={(e) => setPrefix(e.target.value.toUpperCase())}
              error={error}
            />
          </div>
          <Button type="submit" loading={isMutating}>
            {t('Yadda saxla')}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}

const KIND_OPTIONS = STORAGE_PLACE_KINDS.map((k) => ({ value: k, label: STORAGE_PLACE_KIND_LABELS[k] }));

function StoragePlaces({ organizationId }: { organizationId: string }) {
  const t = useT();
  const { toast } = useToast();
  const places = useStoragePlaces(organizationId);
  const { trigger, isMutating } = useSaveStoragePlace(organizationId);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<StoragePlaceKind>('shelf');
  const [error, setError] = useState<string>();

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = storagePlaceRequestSchema.safeParse({ name, kind });
    setError(firstMessage(parsed));
    if (!parsed.success) return;
    try {
      await trigger(parsed.data);
      setName('');
      toast({ title: t('Saxlama yeri əlavə edildi'), variant: 'success' });
    } catch (e) {
      toast(errorToast(e, t('Saxlama yeri yadda saxlanılmadı')));
    }
  };

  return (
    <Stack $gap={3}>
      <SubTitle id="places-title">{t('Saxlama yerləri')}</SubTitle>
      {places.error ? (
        <LoadFailed error={places.error} fallback={t('Anbar məlumatı yüklənmədi')} />
      ) : !places.data ? (
        <Spinner size={24} label={t('Yüklənir...')} />
      ) : places.data.length === 0 ? (
        <Muted>{t('Hələ saxlama yeri yoxdur: əşyaları qeydə almaq üçün birini əlavə edin.')}</Muted>
      ) : (
        <Places aria-labelledby="places-title">
          {places.data.map((p) => (
            <li key={p.id}>
              <RenamePlace organizationId={organizationId} place={p} />
            </li>
          ))}
        </Places>
      )}
      <form onSubmit={add} noValidate aria-label={t('Saxlama yeri əlavə et')}>
        <Row $gap={2} style={onEnd}>
          <div style={{ flex: '2 1 160px' }}>
            <TextField
              name="placeName"
              label={t('Yeni saxlama yerinin adı')}
              placeholder={t('Rəf A')}
              maxLength={60}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={error}
            />
          </div>
          <div style={{ flex: '1 1 120px' }}>
            <Select
              name="placeKind"
              label={t('Növ')}
              options={KIND_OPTIONS}
              value={kind}
              onChange={(e) => setKind(e.target.value as StoragePlaceKind)}
            />
          </div>
          <Button type="submit" loading={isMutating}>
            {t('Əlavə et')}
          </Button>
        </Row>
      </form>
    </Stack>
  );
}

function RenamePlace({ organizationId, place }: { organizationId: string; place: StoragePlace }) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useSaveStoragePlace(organizationId);
  const [name, setName] = useState(place.name);
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = renameStoragePlaceRequestSchema.safeParse({ name });
    setError(firstMessage(parsed));
    if (!parsed.success) return;
    try {
      await trigger({ placeId: place.id, name: parsed.data.name, kind: place.kind });
      toast({ title: t('Saxlama yeri yadda saxlanıldı'), variant: 'success' });
    } catch (e) {
      toast(errorToast(e, t('Saxlama yeri yadda saxlanılmadı')));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('{name}: adını dəyiş', { name: place.name })}>
      <Row $gap={2} style={onEnd}>
        <div style={{ flex: '2 1 160px' }}>
          <TextField
            label={`${t(STORAGE_PLACE_KIND_LABELS[place.kind])}: ${t('ad')}`}
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={error}
          />
        </div>
        <Button type="submit" variant="outline" loading={isMutating} disabled={name === place.name}>
          {t('Adını dəyiş')}
        </Button>
      </Row>
    </form>
  );
}

function RetentionForm({
  organizationId,
  categoryLabels,
}: {
  organizationId: string;
  categoryLabels: Record<Category, string>;
}) {
  const t = useT();
  const retention = useRetention(organizationId);
  return (
    <Stack $gap={3}>
      <SubTitle>{t('Saxlama müddəti (gün)')}</SubTitle>
      <Muted>
        {t(
          'Müddət bitəndə əşya «Çıxarılmalı» siyahısına düşür. Dəyişiklik sonra qeydə alınan əşyalara aiddir.',
        )}
      </Muted>
      {retention.error ? (
        <LoadFailed error={retention.error} fallback={t('Anbar məlumatı yüklənmədi')} />
      ) : !retention.data ? (
        <Spinner size={24} label={t('Yüklənir...')} />
      ) : (
        CATEGORIES.map((c) => (
          <RetentionRow
            key={c}
            organizationId={organizationId}
            category={c}
            label={t(categoryLabels[c])}
            days={retention.data!.days[c] ?? 30}
          />
        ))
      )}
    </Stack>
  );
}

function RetentionRow({
  organizationId,
  category,
  label,
  days,
}: {
  organizationId: string;
  category: Category;
  label: string;
  days: number;
}) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useSetRetention(organizationId);
  const [value, setValue] = useState(String(days));
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = retentionRequestSchema.safeParse({ category, days: Number(value) });
    setError(firstMessage(parsed));
    if (!parsed.success) return;
    try {
      await trigger(parsed.data);
      toast({ title: t('Saxlama müddəti yadda saxlanıldı'), variant: 'success' });
    } catch (e) {
      toast(errorToast(e, t('Saxlama müddəti yadda saxlanılmadı')));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Row $gap={2} style={onEnd}>
        <div style={{ flex: '1 1 160px' }}>
          <TextField
            name={`retention.${category}`}
            type="number"
            inputMode="numeric"
            min={MIN_RETENTION_DAYS}
            max={MAX_RETENTION_DAYS}
            label={label}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={error}
          />
        </div>
        <Button type="submit" variant="outline" loading={isMutating} disabled={value === String(days)}>
          {t('Yadda saxla')}
        </Button>
      </Row>
    </form>
  );
}
