import type { SavedSearch } from '@tapinti/contracts/saved-searches-api';
import { Container, Muted, PageTitle, Section, Stack } from '../../components/ui/layout';
import { usePlace } from '../../features/announcements/api/get-places';
import { CATEGORY_LABELS, TYPE_OPTIONS } from '../../features/announcements/labels';
import { SavedSearchList } from '../../features/saved-searches/components/saved-search-list';
import { usePlaceName } from '../../lib/place-name';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useT } from '../../lib/i18n';

/** A saved search's filters in words: «çanta» · Çantalar · Nəsimi · mükafatlı · tapılmış əşya. */
function Description({ search }: { search: SavedSearch }) {
  const t = useT();
  const place = usePlace(search.place ?? undefined).data;
  const nameOf = usePlaceName();
  const type = TYPE_OPTIONS.find((o) => o.value === search.type);
  const parts = [
    ...(search.search ? [`«${search.search}»`] : []),
    ...(search.category ? [t(CATEGORY_LABELS[search.category])] : []),
    ...(search.place ? [place ? nameOf(place) : search.place] : []),
    ...(search.rewards ? [t('Yalnız mükafatlı elanlar')] : []),
    ...(type ? [t(type.label)] : []),
  ];
  return <>{parts.join(' · ')}</>;
}

/** The home page with the saved search's filters. */
function homeLinkOf(search: SavedSearch): string {
  const query = new URLSearchParams();
  if (search.search) query.set('q', search.search);
  if (search.category) query.set('category', search.category);
  if (search.place) query.set('place', search.place);
  if (search.rewards) query.set('rewards', '1');
  const text = query.toString();
  return text ? `/?${text}#elanlar` : '/#elanlar';
}

/** /axtarislarim — «Saxladığım axtarışlar» (issue 26). */
export default function SavedSearchesPage() {
  const t = useT();
  useDocumentTitle(t('Saxladığım axtarışlar'));
  return (
    <Section>
      <Container $narrow>
        <Stack $gap={5}>
          <Stack $gap={2}>
            <PageTitle>{t('Saxladığım axtarışlar')}</PageTitle>
            <Muted>
              {t(
                'Yeni uyğun elan olanda tətbiqdə dərhal, e-poçtla isə hər axtarış üzrə saatda ən çox bir dəfə və ya gündəlik xülasə ilə xəbər veririk.',
              )}
            </Muted>
          </Stack>
          <SavedSearchList describe={(search) => <Description search={search} />} linkOf={homeLinkOf} />
        </Stack>
      </Container>
    </Section>
  );
}
