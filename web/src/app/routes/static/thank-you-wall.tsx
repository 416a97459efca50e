import { InfoPage } from '../info-page';

export default function Page() {
  return <InfoPage title="Təşəkkür divarı" lead="Bu səhifə tezliklə tamamlanacaq." />;
}
