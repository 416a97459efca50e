import { useEffect, useRef, useState } from 'react';
import type { FiledComplaint } from '@tapinti/contracts/requests-api';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Muted, Row, Stack } from '../../../components/ui/layout';
import { useToast } from '../../../components/ui/toast';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../../components/layout/footer';
import { useUser } from '../../../features/auth/api/get-user';
import { ComplaintForm } from '../../../features/complaints/components/complaint-form';
import { ComplaintProgressForm } from '../../../features/complaints/components/complaint-progress-form';
import { InfoPage, Panel, WithSidebar } from '../info-page';
import { useSearchParams } from 'react-router-dom';
import { msg, useT } from '../../../lib/i18n';

const FAQ = [
  [msg('Şikayətimə nə vaxt cavab veriləcək?'), msg('Adi şikayətlərə 24-48 saat ərzində baxılır.')],
  [
    msg('Anonim şikayət edə bilərəm?'),
    msg('Bəli, lakin əlaqə məlumatı olmadan sizə geri dönüş edə bilməyəcəyik.'),
  ],
  [
    msg('Şikayətimin statusunu necə izləyim?'),
    msg('E-poçtla göndərilən şikayət nömrəsi ilə statusu izləyə bilərsiniz.'),
  ],
  [
    msg('Problem həll olunmasa nə edim?'),
    msg('Şikayət nömrəsini qeyd edərək e-poçtla müraciət edin, məsələ yuxarı səviyyəyə ötürüləcək.'),
  ],
];

function ComplaintReceipt({ complaint, onAnother }: { complaint: FiledComplaint; onAnother: () => void }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'center' });
    heading.current?.focus();
  }, []);
  return (
    <Stack $gap={3} role="status" data-testid="complaint-receipt">
      <h2 ref={heading} tabIndex={-1}>
        {t('Şikayət göndərildi')}
      </h2>
      <p>{t('Şikayətiniz qeydə alındı və 24-48 saat ərzində araşdırılacaq.')}</p>
      <Row $gap={2} $wrap>
        <span>
          {t('Şikayət nömrəsi:')} <strong data-testid="complaint-number">{complaint.number}</strong>
        </span>
        <CopyButton text={complaint.number} label={t('Nömrəni kopyala')} />
      </Row>
      <Muted>
        {complaint.emailed
          ? t('Nömrə e-poçtunuza da göndərildi. Statusu aşağıda bu nömrə ilə izləyə bilərsiniz.')
          : t('Nömrəni saxlayın: statusu aşağıda bu nömrə ilə izləyə bilərsiniz.')}
      </Muted>
      <div>
        <Button variant="outline" onClick={onAnother}>
          {t('Yeni şikayət')}
        </Button>
      </div>
    </Stack>
  );
}

export default function ComplaintsPage() {
  const t = useT();
  const { user, isLoading } = useUser();
  const { toast } = useToast();
  // The number stays on the page (the toast goes after a few seconds): the person copies it from here.
  const [filed, setFiled] = useState<FiledComplaint | null>(null);
  // `/complaints?announcement=<id>`: the details view's "Şikayət göndər" link fills the ID in.
  const [searchParams] = useSearchParams();
  const announcementId = searchParams.get('announcement') ?? '';
  return (
    <InfoPage title={t('Şikayətlər')} lead={t('Problemli elan və ya istifadəçi barədə bizə məlumat verin.')}>
      <WithSidebar>
        <Panel aria-label={t('Şikayət forması')}>
          {filed ? (
            <ComplaintReceipt complaint={filed} onAnother={() => setFiled(null)} />
          ) : (
            !isLoading && (
              <ComplaintForm
                defaultContact={user?.email ?? ''}
                defaultAnnouncementId={announcementId}
                onSuccess={(complaint) => {
                  setFiled(complaint);
                  toast({
                    title: t('Şikayət göndərildi'),
                    description: `${t('Şikayətiniz qeydə alındı və 24-48 saat ərzində araşdırılacaq.')} ${
                      complaint.emailed
                        ? t('Şikayət nömrəsi: {number} (e-poçtla da göndərildi).', {
                            number: complaint.number,
                          })
                        : t('Şikayət nömrəsi: {number}.', { number: complaint.number })
                    }`,
                    variant: 'success',
                  });
                }}
              />
            )
          )}
        </Panel>
        <Stack $gap={4}>
          <Panel aria-labelledby="urgent">
            <h2 id="urgent">{t('Təcili əlaqə')}</h2>
            <p>
              {t('Telefon:')} <a href={`tel:${SUPPORT_PHONE.replace(/\s/g, '')}`}>{SUPPORT_PHONE}</a>
            </p>
            <p>
              {t('E-poçt:')} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </p>
          </Panel>
          <Panel aria-labelledby="tips">
            <h2 id="tips">{t('Məsləhətlər')}</h2>
            <ul>
              <li>{t('Elanın ID-sini əlavə edin')}</li>
              <li>{t('Dəqiq tarixi və vaxtı göstərin')}</li>
              <li>{t('Mümkünsə ekran görüntüsü saxlayın')}</li>
              <li>{t('Problemi ətraflı təsvir edin')}</li>
            </ul>
          </Panel>
          <Panel aria-labelledby="times">
            <h2 id="times">{t('Cavab müddətləri')}</h2>
            <ul>
              <li>{t('Təcili: 2-4 saat')}</li>
              <li>{t('Adi: 24-48 saat')}</li>
              <li>{t('Ümumi: 3-5 iş günü')}</li>
            </ul>
          </Panel>
          <Panel aria-labelledby="monthly">
            <h2 id="monthly">{t('Bu ay')}</h2>
            <ul>
              <li>{t('127 həll olunmuş şikayət')}</li>
              <li>{t('18 saat orta cavab müddəti')}</li>
              <li>{t('94% məmnunluq')}</li>
            </ul>
          </Panel>
        </Stack>
      </WithSidebar>
      <Panel aria-labelledby="complaint-progress">
        <h2 id="complaint-progress">{t('Şikayətin statusu')}</h2>
        <ComplaintProgressForm />
      </Panel>
      <Panel aria-labelledby="complaints-faq">
        <h2 id="complaints-faq">{t('Tez-tez verilən suallar')}</h2>
        {FAQ.map(([q, a]) => (
          <details key={q}>
            <summary style={{ cursor: 'pointer', fontWeight: 600 }}>{q}</summary>
            <p>{a}</p>
          </details>
        ))}
      </Panel>
    </InfoPage>
  );
}
