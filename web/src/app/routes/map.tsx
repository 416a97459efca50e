import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../../components/ui/button';
import { BoardMap } from '../../features/map/components/board-map';
import { CATEGORY_LABELS, TYPE_LABELS } from '../../features/announcements/labels';
import { useT } from '../../lib/i18n';
import { InfoPage } from './info-page';

/** `/xerite` (issue 24): the board on a map, with the home page's filters from the URL. */
export default function MapPage() {
  const t = useT();
  const { search } = useLocation();
  return (
    <InfoPage
      title={t('Elanların xəritəsi')}
      lead={t(
        'Elanlar itirildiyi və ya tapıldığı yerdədir: nişanı seçin, elanlar görünəcək. Narıncı kvadratlar təhvil məntəqələridir.',
      )}
    >
      <div>
        <ButtonLink to={`/${search}#elanlar`} variant="outline" size="sm">
          {t('Siyahıya qayıt')}
        </ButtonLink>
      </div>
      <BoardMap labels={{ type: TYPE_LABELS, category: CATEGORY_LABELS }} />
    </InfoPage>
  );
}
