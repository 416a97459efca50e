import { useState, type FormEvent } from 'react';
import type { ComplaintProgress } from '@tapinti/contracts/requests-api';
import type { ComplaintStatus } from '@tapinti/contracts/requests-events';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Stack } from '../../../components/ui/layout';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useComplaintProgress } from '../api/complaints';

export const COMPLAINT_STATUS_LABELS: Record<ComplaintStatus, string> = {
  open: 'Açıq: hələ baxılmayıb',
  in_progress: 'Araşdırılır',
  resolved: 'Həll olunub',
};

/**
 * The FAQ's promise: a complaint is followed with the number e-mailed to its contact. The number
 * and the contact given with it are both needed, so nobody follows someone else's.
 */
export function ComplaintProgressForm() {
  const { trigger, isMutating } = useComplaintProgress();
  const [number, setNumber] = useState('');
  const [contact, setContact] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<ComplaintProgress | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setProgress(null);
    try {
      setProgress(await trigger({ number, contact }));
    } catch (err) {
      setError(serverMessage(err, 'Statusu yoxlamaq mümkün olmadı'));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Şikayətin statusu">
      <Stack $gap={3}>
        <TextField
          label="Şikayət nömrəsi"
          placeholder="ŞK-000123"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
        />
        <TextField
          label="Göndərərkən yazdığınız əlaqə məlumatı"
          value={contact}
          onChange={(e) => setContact(e.target.value)}
        />
        <div>
          <Button
            type="submit"
            variant="outline"
            loading={isMutating}
            disabled={!number.trim() || !contact.trim()}
          >
            Statusu yoxla
          </Button>
        </div>
        {error && <p role="alert">{error}</p>}
        {progress && (
          <div role="status">
            <p>
              <strong>{progress.number}</strong>: {COMPLAINT_STATUS_LABELS[progress.status]} (son dəyişiklik{' '}
              {formatDateTime(progress.updatedAt)})
            </p>
            {progress.reply && <p style={{ whiteSpace: 'pre-wrap' }}>Cavab: {progress.reply}</p>}
          </div>
        )}
      </Stack>
    </form>
  );
}
