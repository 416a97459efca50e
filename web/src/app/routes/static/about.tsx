import { InfoPage } from '../info-page';

export default function Page() {
  return <InfoPage title="Haqqımızda" lead="Bu səhifə tezliklə tamamlanacaq." />;
}
