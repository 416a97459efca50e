import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CATEGORIES, type Category } from '@tapinti/contracts/announcements-api';
import type { ClientUser } from '@tapinti/contracts/auth-api';
import {
  INVENTORY_MESSAGES,
  itemIntakeRequestSchema,
  type InventoryItemDetails,
} from '@tapinti/contracts/inventory-api';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/field';
import { Alert, Row, Stack } from '../../../components/ui/layout';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { isoDay } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { errorToast } from '../../../lib/submit-errors';
import { useInventorySettings, useLogItem, useStoragePlaces } from '../api/inventory';
import { SUGGESTED_TITLES } from '../labels';
import { itemPath, INVENTORY_PATHS } from '../paths';
import { LabelLinks, LoadFailed, PrefixMissing } from './inventory-notices';
import { remembered, remember } from '../remembered';
import { dropIntakeDraft, intakeDraft, keepIntakeDraft } from '../intake-draft';
import { PLAN_LIMIT_MESSAGE_START } from '@tapinti/contracts/plans-api';

const pad = (n: number) => String(n).padStart(2, '0');
/** Now as a `datetime-local` value (the browser's time zone, to the minute). */
const localNow = () => {
  const now = new Date();
  return `${isoDay(now)}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
};

type Fields = 'category' | 'title' | 'foundArea' | 'foundAt' | 'foundBy' | 'photoUrls' | 'storagePlaceId';

/** What the intake form hands its photo field (the app composes the uploads feature in). */
export interface PhotoFieldProps {
  /** The photos a kept draft already has. */
  value?: readonly string[];
  onChange: (objectPaths: string[]) => void;
  onBusyChange: (busy: boolean) => void;
  error?: string;
}

export interface IntakeFormProps {
  organizationId: string;
  user: ClientUser;
  isAdmin: boolean;
  /** The categories' names, as the rest of the app shows them. */
  categoryLabels: Record<Category, string>;
  /** Up to 5 photos from the phone's camera, uploaded as chosen. */
  photoField: (field: PhotoFieldProps) => ReactNode;
}

/**
 * Intake on a phone (issue 25): photos from the camera, the category (which suggests the title),
 * where it was found (remembered per staff member), when (now), by whom (the signed-in user), the
 * valuable flag and the storage place (the last used, or the only one). Saved, it shows the
 * reference number, prints the label in a new tab and starts the next item.
 */
export function IntakeForm(props: IntakeFormProps) {
  const { organizationId, isAdmin } = props;
  const t = useT();
  const settings = useInventorySettings(organizationId);
  const places = useStoragePlaces(organizationId);
  const [logged, setLogged] = useState<InventoryItemDetails | null>(null);
  const [round, setRound] = useState(0);

  if (settings.error || places.error)
    return <LoadFailed error={settings.error ?? places.error} fallback={t('Anbar məlumatı yüklənmədi')} />;
  if (!settings.data || !places.data) return <Spinner size={28} label={t('Yüklənir...')} />;
  if (!settings.data.prefix) return <PrefixMissing isAdmin={isAdmin} />;
  if (!places.data.length)
    return (
      <Alert role="alert" data-testid="no-storage-places">
        <p>{t('Əşyanı qeydə almaq üçün ən azı bir saxlama yeri lazımdır.')}</p>
        {isAdmin ? (
          <p>
            <Link to={INVENTORY_PATHS.settings}>{t('Saxlama yerini ayarlarda əlavə edin')}</Link>
          </p>
        ) : (
          <p>{t('Təşkilatınızın adminindən saxlama yeri əlavə etməsini xahiş edin.')}</p>
        )}
      </Alert>
    );
  if (logged)
    return (
      <Logged
        organizationId={organizationId}
        item={logged}
        onNext={() => {
          setLogged(null);
          setRound((n) => n + 1);
        }}
      />
    );
  return <IntakeFields key={round} {...props} places={places.data} onLogged={setLogged} />;
}

function IntakeFields({
  organizationId,
  user,
  isAdmin,
  categoryLabels,
  photoField,
  places,
  onLogged,
}: IntakeFormProps & {
  places: { id: string; name: string }[];
  onLogged: (item: InventoryItemDetails) => void;
}) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useLogItem(organizationId);
  const lastPlace = remembered(user.id, organizationId, 'storagePlace');
  // A draft the server refused earlier (issue 25 point 8: nothing typed is lost) fills the form.
  const [draft] = useState(() => intakeDraft(user.id, organizationId));
  const [category, setCategory] = useState<Category | ''>(draft?.category ?? '');
  const [title, setTitle] = useState(draft?.title ?? '');
  const [titleEdited, setTitleEdited] = useState(draft?.titleEdited ?? false);
  const [foundArea, setFoundArea] = useState(
    () => draft?.foundArea ?? remembered(user.id, organizationId, 'foundArea') ?? '',
  );
  const [foundAt, setFoundAt] = useState(draft?.foundAt ?? localNow);
  const [foundAtEdited, setFoundAtEdited] = useState(draft?.foundAtEdited ?? false);
  const [foundBy, setFoundBy] = useState(draft?.foundBy ?? user.username);
  const [valuable, setValuable] = useState(draft?.valuable ?? false);
  const [listPublicly, setListPublicly] = useState(draft?.listPublicly ?? true);
  const [photoUrls, setPhotoUrls] = useState<string[]>(draft?.photoUrls ?? []);
  const [uploading, setUploading] = useState(false);
  const [storagePlaceId, setStoragePlaceId] = useState(
    places.find((p) => p.id === (draft?.storagePlaceId ?? lastPlace))?.id ?? places[0]!.id,
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [prefixMissing, setPrefixMissing] = useState(false);

  const chooseCategory = (next: Category | '') => {
    setCategory(next);
    // The title follows the category until staff write their own.
    if (!titleEdited) setTitle(next ? t(SUGGESTED_TITLES[next]) : '');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = itemIntakeRequestSchema.safeParse({
      category,
      title,
      foundArea,
      // Untouched, the server's clock decides (a phone's clock may be off).
      foundAt: foundAtEdited && foundAt ? new Date(foundAt).toISOString() : null,
      foundBy,
      valuable,
      listPublicly,
      photoUrls,
      storagePlaceId,
    });
    if (!parsed.success) {
      const found: Partial<Record<Fields, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Fields;
        found[field] ??= issue.message;
      }
      setErrors(found);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    try {
      const item = await trigger(parsed.data);
      dropIntakeDraft(user.id, organizationId);
      remember(user.id, organizationId, 'foundArea', parsed.data.foundArea);
      remember(user.id, organizationId, 'storagePlace', parsed.data.storagePlaceId);
      onLogged(item);
    } catch (error) {
      keepIntakeDraft(user.id, organizationId, {
        category,
        title,
        titleEdited,
        foundArea,
        foundAt,
        foundAtEdited,
        foundBy,
        valuable,
        listPublicly,
        photoUrls,
        storagePlaceId,
      });
      if (error instanceof ApiError && error.serverMessage?.startsWith(PLAN_LIMIT_MESSAGE_START)) {
        setRefusal(error.serverMessage);
        return;
      }
      if (error instanceof ApiError && error.serverMessage === INVENTORY_MESSAGES.prefixNotSet) {
        setPrefixMissing(true);
        return;
      }
      if (error instanceof ApiError && error.field && error.serverMessage)
        setErrors({ [error.field]: error.serverMessage });
      toast(errorToast(error, t('Əşya qeydə alınmadı')));
    }
  };

  const form = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = () =>
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={t('Tapılmış əşyanı qeydə al')}>
      <Stack $gap={4}>
        {prefixMissing && <PrefixMissing isAdmin={isAdmin} />}
        {(refusal || draft) && (
          <Alert role="alert" data-testid="intake-draft">
            {refusal && <p>{t(refusal)}</p>}
            <p>{t('Yazdıqlarınız qaralama kimi saxlanılıb: əşya qeydə alınana qədər bu cihazda qalır.')}</p>
          </Alert>
        )}
        {photoField({
          value: draft?.photoUrls,
          onChange: setPhotoUrls,
          onBusyChange: setUploading,
          error: errors.photoUrls,
        })}
        <Select
          name="category"
          label={t('Kateqoriya')}
          requiredMark
          placeholder={t('Kateqoriya seçin')}
          options={CATEGORIES.map((c) => ({ value: c, label: categoryLabels[c] }))}
          value={category}
          onChange={(e) => chooseCategory(e.target.value as Category | '')}
          error={errors.category}
        />
        <TextField
          name="title"
          label={t('Qısa ad')}
          requiredMark
          hint={t('Kateqoriyadan təklif olunur, dəyişə bilərsiniz')}
          value={title}
          maxLength={80}
          onChange={(e) => {
            setTitle(e.target.value);
            setTitleEdited(e.target.value !== '');
          }}
          error={errors.title}
        />
        <TextField
          name="foundArea"
          label={t('Tapıldığı yer (otaq və ya ərazi)')}
          requiredMark
          hint={t('Növbəti dəfə yadda qalır')}
          value={foundArea}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => setFoundArea(e.target.value)}
          error={errors.foundArea}
        />
        <Select
          name="storagePlaceId"
          label={t('Saxlama yeri')}
          requiredMark
          options={places.map((p) => ({ value: p.id, label: p.name }))}
          value={storagePlaceId}
          onChange={(e) => setStoragePlaceId(e.target.value)}
          error={errors.storagePlaceId}
        />
        <Checkbox
          name="valuable"
          label={t('Qiymətli əşya (ictimai elanda şəkil və təsvir göstərilmir)')}
          checked={valuable}
          onChange={(e) => setValuable(e.target.checked)}
        />
        <Checkbox
          name="listPublicly"
          label={t('İctimai lövhədə elan kimi göstər (sahibi tapıb iddia edə bilsin)')}
          checked={listPublicly}
          onChange={(e) => setListPublicly(e.target.checked)}
        />
        <details>
          <summary>{t('Nə vaxt və kim tapıb')}</summary>
          <Stack $gap={3} style={{ marginTop: 12 }}>
            <TextField
              name="foundAt"
              type="datetime-local"
              label={t('Tapılma vaxtı')}
              hint={t('Dəyişməsəniz, indiki vaxt')}
              value={foundAt}
              max={localNow()}
              onChange={(e) => {
                setFoundAt(e.target.value);
                setFoundAtEdited(true);
              }}
              error={errors.foundAt}
            />
            <TextField
              name="foundBy"
              label={t('Kim tapıb')}
              value={foundBy}
              maxLength={100}
              onChange={(e) => setFoundBy(e.target.value)}
              error={errors.foundBy}
            />
          </Stack>
        </details>
        <Button type="submit" size="lg" fullWidth loading={isMutating} disabled={uploading}>
          {uploading ? t('Şəkil yüklənir') : t('Qeydə al')}
        </Button>
      </Stack>
    </form>
  );
}

function Logged({
  organizationId,
  item,
  onNext,
}: {
  organizationId: string;
  item: InventoryItemDetails;
  onNext: () => void;
}) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  // Screen readers hear the number at once; keyboard users continue from here.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack $gap={4} data-testid="intake-done">
      <Alert $tone="info" role="status">
        <p>{t('Əşya qeydə alındı. İstinad nömrəsi:')}</p>
        <h2 ref={heading} tabIndex={-1} data-testid="reference-number" style={{ fontSize: 32, margin: 0 }}>
          {item.referenceNumber}
        </h2>
        <p>
          {item.title} · {item.storagePlace.name}
        </p>
      </Alert>
      <LabelLinks organizationId={organizationId} itemIds={[item.id]} />
      <Row $gap={2}>
        <Button size="lg" onClick={onNext}>
          {t('Növbəti əşyanı qeydə al')}
        </Button>
        <Link to={itemPath(item.id)}>{t('Əşyanın səhifəsi')}</Link>
      </Row>
    </Stack>
  );
}
