import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  handOverRequestSchema,
  IDENTITY_DOCUMENT_LABELS,
  INVENTORY_MESSAGES,
  type InventoryItemDetails,
} from '@tapinti/contracts/inventory-api';
import { IDENTITY_DOCUMENT_TYPES, type IdentityDocumentType } from '@tapinti/contracts/inventory-events';
import { HANDOVER_MESSAGES } from '@tapinti/contracts/requests-api';
import { Badge } from '../../../components/ui/badge';
import { AnchorButton, Button } from '../../../components/ui/button';
import { DetailList } from '../../../components/ui/detail-list';
import { TextField } from '../../../components/ui/field';
import { Alert, Row, SectionTitle, Stack } from '../../../components/ui/layout';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { errorToast } from '../../../lib/submit-errors';
import {
  handoverReceiptUrl,
  useHandOverItem,
  useInventoryItem,
  useMailHandoverReceipt,
} from '../api/inventory';
import { ITEM_STATE_LABELS } from '../labels';
import { INVENTORY_PATHS, itemPath } from '../paths';
import { LoadFailed } from './inventory-notices';

type Fields = 'ownerName' | 'documentType' | 'documentLast4' | 'code';

export interface ConfirmCode {
  trigger: (arg: { requestId: string; code: string }) => Promise<unknown>;
  isMutating: boolean;
}

/** Letters and digits only; more than 4 is refused, so the whole number is never taken. */
const LAST4_CHARACTERS = /[^A-Za-z0-9]/g;

/**
 * The desk hand-over of one item (issue 25 point 6): the owner's identity check (the document's
 * type and only the last 4 characters of its number), the owner's name as given and, where a claim
 * was accepted, the owner's 6-digit code (confirmed with the requests service, which returns the
 * item by its event); then the receipt, printed from a new tab.
 */
export function DeskHandover({
  organizationId,
  itemId,
  confirmCode,
}: {
  organizationId: string;
  itemId: string;
  /** The requests service's code check (`POST /api/requests/:id/handover`), composed by the route. */
  confirmCode: ConfirmCode;
}) {
  const t = useT();
  const [waiting, setWaiting] = useState(false);
  // While the code's event is on its way the item is read again each second.
  const item = useInventoryItem(organizationId, itemId, waiting ? 1000 : 0);
  const it = item.data;
  if (waiting && it?.state === 'returned') setWaiting(false);

  if (item.error)
    return item.error instanceof ApiError && item.error.status === 404 ? (
      <Alert role="alert">
        <p>{t('Əşya tapılmadı')}</p>
      </Alert>
    ) : (
      <LoadFailed error={item.error} fallback={t('Əşya yüklənmədi')} />
    );
  if (!it) return <Spinner size={28} label={t('Yüklənir...')} />;

  return (
    <Stack $gap={5} data-testid="desk-handover">
      <Stack $gap={2}>
        <Row $gap={2}>
          <SectionTitle as="h2" data-testid="reference-number">
            {it.referenceNumber}
          </SectionTitle>
          <Badge $tone={it.state === 'stored' ? 'primary' : 'neutral'}>
            {t(ITEM_STATE_LABELS[it.state])}
          </Badge>
        </Row>
        <p style={{ margin: 0 }}>{it.title}</p>
        <Row $gap={3}>
          <Link to={itemPath(it.id)}>{t('Əşyanın səhifəsi')}</Link>
          <Link to={INVENTORY_PATHS.desk}>{t('Başqa əşya tap')}</Link>
        </Row>
      </Stack>
      {it.state === 'disposed' ? (
        <Alert role="alert">
          <p>{t(INVENTORY_MESSAGES.notHandedOver)}</p>
        </Alert>
      ) : it.identityCheck && it.state === 'returned' ? (
        <Receipt organizationId={organizationId} item={it} />
      ) : (
        <>
          {it.identityCheck && <IdentityRecorded item={it} />}
          {waiting ? (
            <Alert $tone="info" role="status">
              <p>{t('Kod təsdiqləndi. Əşyanın qaytarılması qeydə alınır…')}</p>
            </Alert>
          ) : (
            <HandoverForm
              organizationId={organizationId}
              item={it}
              confirm={confirmCode}
              onCodeConfirmed={() => setWaiting(true)}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function IdentityRecorded({ item }: { item: InventoryItemDetails }) {
  const t = useT();
  const check = item.identityCheck!;
  return (
    <DetailList
      label={t('Şəxsiyyət yoxlanıldı')}
      facts={[
        { label: t('Sahibin adı (təqdim etdiyi kimi)'), value: check.ownerName },
        {
          label: t('Sənəd'),
          value: `${t(IDENTITY_DOCUMENT_LABELS[check.documentType])} · ****${check.documentLast4}`,
        },
        { label: t('Yoxlanılma vaxtı'), value: formatDateTime(check.at) },
      ]}
    />
  );
}

/** A claimed item still waits for the owner's code (unless it was already confirmed). */
const needsCode = (item: InventoryItemDetails) => item.state === 'claimed' && item.claim !== null;

function HandoverForm({
  organizationId,
  item,
  confirm,
  onCodeConfirmed,
}: {
  organizationId: string;
  item: InventoryItemDetails;
  confirm: ConfirmCode;
  onCodeConfirmed: () => void;
}) {
  const t = useT();
  const { toast } = useToast();
  const handOver = useHandOverItem(organizationId, item.id);
  const askIdentity = !item.identityCheck;
  const askCode = needsCode(item);
  const [ownerName, setOwnerName] = useState('');
  const [documentType, setDocumentType] = useState<IdentityDocumentType | ''>('');
  const [documentLast4, setDocumentLast4] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});

  const typeLast4 = (value: string) => {
    const kept = value.replace(LAST4_CHARACTERS, '');
    if (kept.length > 4) {
      setErrors((e) => ({ ...e, documentLast4: INVENTORY_MESSAGES.documentLast4 }));
      return;
    }
    setErrors((e) => ({ ...e, documentLast4: undefined }));
    setDocumentLast4(kept.toUpperCase());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Fields, string>> = {};
    const parsed = handOverRequestSchema.safeParse({ ownerName, documentType, documentLast4 });
    if (askIdentity && !parsed.success)
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as Fields] ??= issue.message;
    if (askCode && !/^[0-9]{6}$/.test(code)) found.code = HANDOVER_MESSAGES.codeFormat;
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      if (askIdentity && parsed.success) await handOver.trigger(parsed.data);
    } catch (error) {
      if (error instanceof ApiError && error.field && error.serverMessage)
        setErrors({ [error.field]: error.serverMessage });
      toast(errorToast(error, t('Təhvil qeydə alınmadı')));
      return;
    }
    if (!askCode) {
      toast({ title: t('Əşya sahibinə təhvil verildi'), variant: 'success' });
      return;
    }
    try {
      await confirm.trigger({ requestId: item.claim!.requestId, code });
    } catch (error) {
      const message = serverMessage(error, t('Təhvili təsdiqləmək mümkün olmadı'));
      if (error instanceof ApiError && error.status === 400) setErrors({ code: message });
      else toast({ title: t('Xəta'), description: t(message), variant: 'destructive' });
      return;
    }
    toast({ title: t('Əşya sahibinə təhvil verildi'), variant: 'success' });
    onCodeConfirmed();
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('Sahibinə təhvil ver')}>
      <Stack $gap={3}>
        <SectionTitle as="h3">{t('Sahibinə təhvil ver')}</SectionTitle>
        {askIdentity && (
          <>
            <TextField
              name="ownerName"
              label={t('Sahibin adı (təqdim etdiyi kimi)')}
              requiredMark
              maxLength={100}
              autoComplete="off"
              value={ownerName}
              onChange={(e) => setOwnerName(e.target.value)}
              error={errors.ownerName && t(errors.ownerName)}
            />
            <Select
              name="documentType"
              label={t('Şəxsiyyəti təsdiq edən sənəd')}
              requiredMark
              placeholder={t('Seçin')}
              options={IDENTITY_DOCUMENT_TYPES.map((d) => ({ value: d, label: IDENTITY_DOCUMENT_LABELS[d] }))}
              value={documentType}
              onChange={(e) => setDocumentType(e.target.value as IdentityDocumentType | '')}
              error={errors.documentType && t(errors.documentType)}
            />
            <TextField
              name="documentLast4"
              label={t('Sənədin nömrəsinin son 4 simvolu')}
              hint={t('Yalnız son 4 simvol: tam nömrə yazılmır və saxlanmır.')}
              requiredMark
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={documentLast4}
              onChange={(e) => typeLast4(e.target.value)}
              error={errors.documentLast4 && t(errors.documentLast4)}
              style={{ maxWidth: '10ch' }}
            />
          </>
        )}
        {askCode && (
          <TextField
            name="handoverCode"
            label={t('Təhvil kodu')}
            hint={t('İddia qəbul edilib: sahibdən e-poçtla aldığı 6 rəqəmli təhvil kodunu soruşun.')}
            requiredMark
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            error={errors.code && t(errors.code)}
            style={{ maxWidth: '12ch' }}
          />
        )}
        <div>
          <Button type="submit" loading={handOver.isMutating || confirm.isMutating}>
            {t('Təhvil ver')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function Receipt({ organizationId, item }: { organizationId: string; item: InventoryItemDetails }) {
  const t = useT();
  const { toast } = useToast();
  const mail = useMailHandoverReceipt(organizationId, item.id);
  const [mailed, setMailed] = useState(false);
  const send = async () => {
    try {
      await mail.trigger();
      setMailed(true);
    } catch (error) {
      toast(errorToast(error, t('Qəbz göndərilmədi')));
    }
  };
  return (
    <Stack $gap={3}>
      <Alert $tone="info" role="status">
        <p>
          <strong>{t('Əşya sahibinə qaytarıldı')}</strong>
          {item.returned ? `: ${formatDateTime(item.returned.at)}` : ''}
        </p>
      </Alert>
      <IdentityRecorded item={item} />
      <Row $gap={2}>
        <AnchorButton
          href={handoverReceiptUrl(organizationId, item.id)}
          target="_blank"
          rel="noopener"
          data-testid="handover-receipt"
        >
          {t('Təhvil qəbzini çap et')}
        </AnchorButton>
        {/* Only an owner who claimed on the platform has an address here: their account's. */}
        {item.returned?.requestId && (
          <Button variant="outline" onClick={() => void send()} loading={mail.isMutating} disabled={mailed}>
            {t('Qəbzi sahibə e-poçtla göndər')}
          </Button>
        )}
      </Row>
      {mailed && (
        <Alert $tone="info" role="status">
          <p>{t('Qəbz sahibin hesabındakı e-poçt ünvanına göndərilir.')}</p>
        </Alert>
      )}
    </Stack>
  );
}
