import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AnnouncementDetails } from '@tapinti/contracts/announcements-api';
import { Button } from '../../../components/ui/button';
import { BellIcon } from '../../../components/ui/icons';
import { Muted, Stack } from '../../../components/ui/layout';
import { errorMessage } from '../../../lib/api-client';
import { msg, useT } from '../../../lib/i18n';
import { useSaveSearch } from '../api/save-search';

/**
 * On the author's own lost announcement (issue 26): one click saves a search for new FOUND items
 * like it — its category, at its place (or inside it) when its location names one, else its
 * title's words — and says where the saved searches are.
 */
export function AlertLikeThis({ announcement }: { announcement: AnnouncementDetails }) {
  const t = useT();
  const save = useSaveSearch();
  const [saved, setSaved] = useState(false);
  const place = announcement.place?.id;
  const onClick = async () => {
    try {
      await save.trigger({
        type: 'found',
        category: announcement.category,
        ...(place ? { place } : { search: announcement.title }),
      });
      setSaved(true);
    } catch {
      // Shown below from save.error.
    }
  };
  return (
    <Stack $gap={2} data-testid="alert-like-this">
      {!saved && (
        <div>
          <Button
            variant="outline"
            icon={<BellIcon size={16} />}
            loading={save.isMutating}
            onClick={() => void onClick()}
          >
            {t('Buna bənzər yeni tapılmış əşyalar barədə xəbər ver')}
          </Button>
        </div>
      )}
      <div role="status" aria-live="polite">
        {saved && (
          <Muted>
            {t('Hazırdır: buna bənzər yeni tapılmış əşya elan olunanda xəbər veririk.')}{' '}
            <Link to="/axtarislarim">{t('Saxladığım axtarışlar')}</Link>
          </Muted>
        )}
        {save.error && !save.isMutating && (
          <Muted role="alert">
            {t(errorMessage(save.error, msg('Axtarışı yadda saxlamaq mümkün olmadı')))}
          </Muted>
        )}
      </div>
    </Stack>
  );
}
