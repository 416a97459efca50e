import { Stack } from '../../../components/ui/layout';
import { useToast } from '../../../components/ui/toast';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../../components/layout/footer';
import { useUser } from '../../../features/auth/api/get-user';
import { ComplaintForm } from '../../../features/complaints/components/complaint-form';
import { InfoPage, Panel, WithSidebar } from '../info-page';

const FAQ = [
  ['Şikayətimə nə vaxt cavab veriləcək?', 'Adi şikayətlərə 24-48 saat ərzində baxılır.'],
  ['Anonim şikayət edə bilərəm?', 'Bəli, lakin əlaqə məlumatı olmadan sizə geri dönüş edə bilməyəcəyik.'],
  [
    'Şikayətimin statusunu necə izləyim?',
    'E-poçtla göndərilən şikayət nömrəsi ilə statusu izləyə bilərsiniz.',
  ],
  [
    'Problem həll olunmasa nə edim?',
    'Şikayət nömrəsini qeyd edərək e-poçtla müraciət edin, məsələ yuxarı səviyyəyə ötürüləcək.',
  ],
];

export default function ComplaintsPage() {
  const { user, isLoading } = useUser();
  const { toast } = useToast();
  return (
    <InfoPage title="Şikayətlər" lead="Problemli elan və ya istifadəçi barədə bizə məlumat verin.">
      <WithSidebar>
        <Panel aria-label="Şikayət forması">
          {!isLoading && (
            <ComplaintForm
              defaultContact={user?.email ?? ''}
              onSuccess={() =>
                toast({
                  title: 'Şikayət göndərildi',
                  description: 'Şikayətiniz qeydə alındı və 24-48 saat ərzində araşdırılacaq.',
                  variant: 'success',
                })
              }
            />
          )}
        </Panel>
        <Stack $gap={4}>
          <Panel aria-labelledby="urgent">
            <h2 id="urgent">Təcili əlaqə</h2>
            <p>
              Telefon: <a href={`tel:${SUPPORT_PHONE.replace(/\s/g, '')}`}>{SUPPORT_PHONE}</a>
            </p>
            <p>
              E-poçt: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </p>
          </Panel>
          <Panel aria-labelledby="tips">
            <h2 id="tips">Məsləhətlər</h2>
            <ul>
              <li>Elanın ID-sini əlavə edin</li>
              <li>Dəqiq tarixi və vaxtı göstərin</li>
              <li>Mümkünsə ekran görüntüsü saxlayın</li>
              <li>Problemi ətraflı təsvir edin</li>
            </ul>
          </Panel>
          <Panel aria-labelledby="times">
            <h2 id="times">Cavab müddətləri</h2>
            <ul>
              <li>Təcili: 2-4 saat</li>
              <li>Adi: 24-48 saat</li>
              <li>Ümumi: 3-5 iş günü</li>
            </ul>
          </Panel>
          <Panel aria-labelledby="monthly">
            <h2 id="monthly">Bu ay</h2>
            <ul>
              <li>127 həll olunmuş şikayət</li>
              <li>18 saat orta cavab müddəti</li>
              <li>94% məmnunluq</li>
            </ul>
          </Panel>
        </Stack>
      </WithSidebar>
      <Panel aria-labelledby="complaints-faq">
        <h2 id="complaints-faq">Tez-tez verilən suallar</h2>
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
