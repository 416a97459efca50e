import { useState, type FormEvent } from 'react';
import type { ComplaintProgress } from '@tapinti/contracts/requests-api';
import type { ComplaintStatus } from '@tapinti/contracts/requests-events';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Stack } from '../../../components/ui/layout';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useComplaintProgress } from '../api/complaints';
import { msg, useT } from '../../../lib/i18n';
import { useSubmitOnce } from '../../../lib/use-submit-once';

export const COMPLAINT_STATUS_LABELS: Record<ComplaintStatus, string> = {
  open: msg('Açıq: hələ baxılmayıb'),
  in_progress: msg('Araşdırılır'),
  resolved: msg('Həll olunub'),
};

/**
 * The FAQ's promise: a complaint is followed with the number e-mailed to its contact. The number
 * and the contact given with it are both needed, so nobody follows someone else's.
 */
export function ComplaintProgressForm() {
  const t = useT();
  const { trigger, isMutating } = useComplaintProgress();
  const [number, setNumber] = useState('');
  const [contact, setContact] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<ComplaintProgress | null>(null);

  const { submitOnce, submitting } = useSubmitOnce();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setProgress(null);
    try {
      setProgress(await trigger({ number, contact }));
    } catch (err) {
      setError(serverMessage(err, t('Statusu yoxlamaq mümkün olmadı')));
    }
  };

  return (
    <form onSubmit={(e) => void submitOnce(submit)(e)} aria-label={t('Şikayətin statusu')}>
      <Stack $gap={3}>
        <TextField
          label={t('Şikayət nömrəsi')}
          placeholder={t('ŞK-000123')}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
        />
        <TextField
          label={t('Göndərərkən yazdığınız əlaqə məlumatı')}
          value={contact}
          onChange={(e) => setContact(e.target.value)}
        />
        <div>
          <Button
            type="submit"
            variant="outline"
            loading={submitting || isMutating}
            disabled={!number.trim() || !contact.trim()}
          >
            {t('Statusu yoxla')}
          </Button>
        </div>
        {error && <p role="alert">{t(error)}</p>}
        {progress && (
          <div role="status">
            <p>
              <strong>{progress.number}</strong>:{' '}
              {t('{status} (son dəyişiklik {date})', {
                status: t(COMPLAINT_STATUS_LABELS[progress.status]),
                date: formatDateTime(progress.updatedAt),
              })}
            </p>
            {progress.reply && (
              <p style={{ whiteSpace: 'pre-wrap' }}>
                {t('Cavab:')} {progress.reply}
              </p>
            )}
          </div>
        )}
      </Stack>
    </form>
  );
}
