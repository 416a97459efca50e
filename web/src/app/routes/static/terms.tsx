import { InfoPage } from '../info-page';

export default function Page() {
  return <InfoPage title="İstifadə şərtləri" lead="Bu səhifə tezliklə tamamlanacaq." />;
}
