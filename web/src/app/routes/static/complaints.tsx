import { InfoPage } from '../info-page';

export default function Page() {
  return <InfoPage title="Şikayətlər" lead="Bu səhifə tezliklə tamamlanacaq." />;
}
