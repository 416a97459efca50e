import { InfoPage } from '../info-page';

export default function Page() {
  return <InfoPage title="Təhvil məntəqələri" lead="Bu səhifə tezliklə tamamlanacaq." />;
}
