import { InfoPage } from '../info-page';

export default function Page() {
  return <InfoPage title="Məxfilik siyasəti" lead="Bu səhifə tezliklə tamamlanacaq." />;
}
