import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { HANDOVER_WARNING, type Handover, type MyRequest } from '@tapinti/contracts/requests-api';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Row, Stack } from '../../../components/ui/layout';
import { useToast } from '../../../components/ui/toast';
import { Warning } from '../../../components/ui/warning';
import { color, font, radius, space } from '../../../components/ui/theme';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useConfirmHandover, useHandoverOf } from '../api/handovers';
import { useHasReward } from '../api/requests';
import { rich, useT } from '../../../lib/i18n';
import { useSubmitOnce } from '../../../lib/use-submit-once';

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  padding: ${space(3)} ${space(4)};
  border-radius: ${radius.md};
  border: 1px solid ${color.border};
  font-size: ${font.size.sm};
`;

const Code = styled.output`
  font-size: 1.75rem;
  font-weight: ${font.weight.semibold};
  letter-spacing: 0.3em;
  font-variant-numeric: tabular-nums;
`;

/** Official hand-over points are offered as meeting places. */
function MeetingPlaces() {
  const t = useT();
  return (
    <p style={{ margin: 0 }}>
      {rich(t('Görüş yeri kimi təhlükəsiz, işıqlı yer və ya {points} birini seçin.'), {
        points: <Link to="/pickup-points">{t('rəsmi təhvil məntəqələrindən')}</Link>,
      })}
    </p>
  );
}

/** The finder side types the owner's code once the item is in the owner's hands. */
function CodeEntry({ handover }: { handover: Handover }) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useConfirmHandover();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const { submitOnce, submitting } = useSubmitOnce();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await trigger({ requestId: handover.requestId, code });
    } catch (err) {
      const message = serverMessage(err, t('Təhvili təsdiqləmək mümkün olmadı'));
      if (err instanceof ApiError && err.status === 400) setError(message);
      else toast({ title: t('Xəta'), description: message, variant: 'destructive' });
      return;
    }
    toast({
      title: t('Təhvil təsdiqləndi'),
      description: t('Əşya sahibinə qaytarıldı.'),
      variant: 'success',
    });
  };

  return (
    <form onSubmit={(e) => void submitOnce(submit)(e)} aria-label={t('Təhvil kodunu daxil edin')}>
      <Stack $gap={2}>
        <p style={{ margin: 0 }}>
          {t(
            'Əşyanı sahibinə verdikdə ondan 6 rəqəmli təhvil kodunu soruşun və buraya yazın. Qalan cəhd sayı: {n}.',
            { n: handover.attemptsLeft },
          )}
        </p>
        <Row $gap={2} $wrap>
          <TextField
            label={t('Təhvil kodu')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={code}
            error={error}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
        </Row>
        <div>
          <Button type="submit" size="sm" loading={submitting || isMutating} disabled={code.length !== 6}>
            {t('Təhvili təsdiqlə')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function HandoverState({ handover }: { handover: Handover }) {
  const t = useT();
  if (handover.state === 'handed_over')
    return (
      <p style={{ margin: 0 }}>
        <strong>{t('Təhvil təsdiqləndi')}</strong>
        {handover.handedOverAt ? `: ${formatDateTime(handover.handedOverAt)}` : ''}.{' '}
        {t('Mükafat (varsa) indi ödənilə bilər.')}
      </p>
    );
  if (handover.state === 'locked')
    return (
      <p style={{ margin: 0 }}>
        {rich(
          t(
            'Təhvil kodu 5 dəfə yanlış daxil edildiyi üçün bloklanıb. Kilidi yalnız super admin aça bilər: o, sahibə yeni kod göndərir. {complaints} səhifəsindən bizə yazın.',
          ),
          { complaints: <Link to="/complaints">{t('Şikayətlər')}</Link> },
        )}
      </p>
    );
  if (handover.role === 'owner')
    return (
      <Stack $gap={1}>
        <span>{t('Təhvil kodunuz:')}</span>
        <Code aria-label={t('Təhvil kodunuz')}>{handover.code}</Code>
        <span>
          {t(
            'Kodu yalnız əşyanı əlinizə aldıqdan sonra tapan şəxsə (və ya təşkilatın əməkdaşına) deyin. Kod e-poçtla da göndərilib.',
          )}
        </span>
      </Stack>
    );
  return <CodeEntry handover={handover} />;
}

/**
 * The safe hand-over on a claim card (issue 15.5): before it, both sides of an item with a reward
 * see the warning never to pay it before the item is in hand; a resolved_claimed claim shows the owner their code and
 * lets the finder side enter it; official hand-over points are offered as meeting places.
 */
export function HandoverPanel({ request }: { request: Pick<MyRequest, 'id' | 'status' | 'announcementId'> }) {
  const t = useT();
  const handover = useHandoverOf(request.id, request.status === 'resolved_claimed');
  const hasReward = useHasReward(request.status === 'resolved_rejected' ? null : request.announcementId);
  if (request.status === 'resolved_rejected') return null;
  return (
    <Panel aria-label={t('Təhlükəsiz təhvil')}>
      {hasReward && handover?.state !== 'handed_over' && <Warning role="note">{t(HANDOVER_WARNING)}</Warning>}
      {handover && <HandoverState handover={handover} />}
      {handover?.state !== 'handed_over' && <MeetingPlaces />}
    </Panel>
  );
}
