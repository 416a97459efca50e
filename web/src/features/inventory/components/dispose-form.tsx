import { useState, type FormEvent } from 'react';
import { disposalRequestSchema, type InventoryItemDetails } from '@tapinti/contracts/inventory-api';
import { DISPOSAL_WAYS, type DisposalWay } from '@tapinti/contracts/inventory-events';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextArea, TextField } from '../../../components/ui/field';
import { Stack } from '../../../components/ui/layout';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { errorToast } from '../../../lib/submit-errors';
import { useDisposeItem } from '../api/inventory';
import { DISPOSAL_WAY_LABELS } from '../labels';

type Fields = 'way' | 'receivingOrganization' | 'note';

/**
 * How a held item leaves the register (donated, destroyed, handed to the police or ASAN, given to
 * another organisation, with a note); asked once more, since it cannot be undone.
 */
export function DisposeForm({
  organizationId,
  itemId,
  referenceNumber,
  onDisposed,
  askFirst = true,
}: {
  organizationId: string;
  itemId: string;
  referenceNumber: string;
  onDisposed?: (item: InventoryItemDetails) => void;
  /** Asks once more before disposing (not where a dialog opened for it already asked). */
  askFirst?: boolean;
}) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useDisposeItem(organizationId, itemId);
  const [way, setWay] = useState<DisposalWay | ''>('');
  const [receivingOrganization, setReceivingOrganization] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [confirming, setConfirming] = useState(false);

  const request = () =>
    disposalRequestSchema.safeParse({
      way,
      receivingOrganization: way === 'transferred' ? receivingOrganization : undefined,
      note,
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = request();
    if (!parsed.success) {
      const found: Partial<Record<Fields, string>> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as Fields] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    if (askFirst) setConfirming(true);
    else void dispose();
  };

  const dispose = async () => {
    const parsed = request();
    if (!parsed.success) return;
    try {
      const item = await trigger(parsed.data);
      setConfirming(false);
      toast({ title: t('Əşya anbardan çıxarıldı'), variant: 'success' });
      onDisposed?.(item);
    } catch (error) {
      setConfirming(false);
      if (error instanceof ApiError && error.field && error.serverMessage)
        setErrors({ [error.field]: error.serverMessage });
      toast(errorToast(error, t('Əşya anbardan çıxarılmadı')));
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('{reference}: anbardan çıxar', { reference: referenceNumber })}
    >
      <Stack $gap={3}>
        <Select
          name="way"
          label={t('Əşyanın taleyi')}
          requiredMark
          placeholder={t('Seçin')}
          options={DISPOSAL_WAYS.map((w) => ({ value: w, label: DISPOSAL_WAY_LABELS[w] }))}
          value={way}
          onChange={(e) => setWay(e.target.value as DisposalWay | '')}
          error={errors.way}
        />
        {way === 'transferred' && (
          <TextField
            name="receivingOrganization"
            label={t('Əşyanın verildiyi təşkilat')}
            requiredMark
            maxLength={120}
            value={receivingOrganization}
            onChange={(e) => setReceivingOrganization(e.target.value)}
            error={errors.receivingOrganization}
          />
        )}
        <TextArea
          name="note"
          label={t('Qeyd (istəyə bağlı)')}
          hint={t('Aktın nömrəsi, polis şöbəsi və s. Kiminsə əlaqə məlumatı üçün deyil.')}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={errors.note}
        />
        <Button type="submit" variant="danger" loading={!askFirst && isMutating}>
          {t('Anbardan çıxar')}
        </Button>
      </Stack>
      {confirming && (
        <ConfirmDialog
          title={t('Anbardan çıxar')}
          question={t('{reference} anbardan çıxarılsın? Bunu geri qaytarmaq olmaz.', {
            reference: referenceNumber,
          })}
          confirmLabel={t('Anbardan çıxar')}
          loading={isMutating}
          onConfirm={() => void dispose()}
          onClose={() => setConfirming(false)}
        />
      )}
    </form>
  );
}
