import { InfoPage } from '../info-page';

export default function Page() {
  return <InfoPage title="Yardım mərkəzi" lead="Bu səhifə tezliklə tamamlanacaq." />;
}
