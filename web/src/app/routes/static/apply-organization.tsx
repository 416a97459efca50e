import { InfoPage } from '../info-page';

export default function Page() {
  return <InfoPage title="Təşkilat kimi qoşulun" lead="Bu səhifə tezliklə tamamlanacaq." />;
}
