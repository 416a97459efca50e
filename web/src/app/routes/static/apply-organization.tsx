import { useState } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { EmptyState } from '../../../components/ui/layout';
import { useToast } from '../../../components/ui/toast';
import { ApplicationForm } from '../../../features/organizations/components/application-form';
import { InfoPage, Panel } from '../info-page';

export default function ApplyOrganizationPage() {
  const [sent, setSent] = useState(false);
  const { toast } = useToast();
  if (sent)
    return (
      <InfoPage title="Müraciətiniz qəbul edildi" back={false}>
        <EmptyState>
          <CheckIcon size={40} />
          <p>Müraciətinizin qiymətləndirilməsi 2-3 iş günü çəkir. Nəticə e-poçt ünvanınıza göndəriləcək.</p>
          <ButtonLink to="/">Ana səhifəyə qayıt</ButtonLink>
        </EmptyState>
      </InfoPage>
    );
  return (
    <InfoPage
      title="Təşkilat kimi qoşulun"
      lead="Otel, ticarət mərkəzi, universitet və digər təşkilatlar öz itirilmiş əşyalar xidmətini Tapıntı üzərində qura bilər."
    >
      <Panel style={{ maxWidth: 760 }}>
        <ApplicationForm
          onSuccess={() => {
            toast({
              title: 'Müraciətiniz göndərildi',
              description: 'Nəticə barədə sizə e-poçtla məlumat veriləcək.',
              variant: 'success',
            });
            setSent(true);
          }}
        />
      </Panel>
    </InfoPage>
  );
}
