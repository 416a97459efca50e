import { useState } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { EmptyState } from '../../../components/ui/layout';
import { useToast } from '../../../components/ui/toast';
import { ApplicationForm } from '../../../features/organizations/components/application-form';
import { InfoPage, Panel } from '../info-page';
import { useT } from '../../../lib/i18n';

export default function ApplyOrganizationPage() {
  const t = useT();
  const [sent, setSent] = useState(false);
  const { toast } = useToast();
  if (sent)
    return (
      <InfoPage title={t('Müraciətiniz qəbul edildi')} back={false} focusTitle>
        <EmptyState>
          <CheckIcon size={40} />
          <p>
            {t('Müraciətinizin qiymətləndirilməsi 2-3 iş günü çəkir. Nəticə e-poçt ünvanınıza göndəriləcək.')}
          </p>
          <ButtonLink to="/">{t('Ana səhifəyə qayıt')}</ButtonLink>
        </EmptyState>
      </InfoPage>
    );
  return (
    <InfoPage
      title={t('Təşkilat kimi qoşulun')}
      lead={t(
        'Otel, ticarət mərkəzi, universitet və digər təşkilatlar öz itirilmiş əşyalar xidmətini Tapıntı üzərində qura bilər.',
      )}
    >
      <Panel style={{ maxWidth: 760 }}>
        <ApplicationForm
          onSuccess={() => {
            toast({
              title: t('Müraciətiniz göndərildi'),
              description: t('Nəticə barədə sizə e-poçtla məlumat veriləcək.'),
              variant: 'success',
            });
            setSent(true);
          }}
        />
      </Panel>
    </InfoPage>
  );
}
