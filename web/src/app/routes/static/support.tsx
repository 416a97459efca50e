import { InfoPage } from '../info-page';

export default function Page() {
  return <InfoPage title="Dəstək" lead="Bu səhifə tezliklə tamamlanacaq." />;
}
