import type { PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { Button, ButtonLink } from '../../../components/ui/button';
import { PlusIcon } from '../../../components/ui/icons';
import { Alert, EmptyState } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { useMyAnnouncements } from '../api/get-my-announcements';
import { AnnouncementGrid } from './announcement-grid';

export interface MyAnnouncementsProps {
  /** A click on one of the user's cards (the page shows the details). */
  onOpen: (announcement: PublicAnnouncement) => void;
}

/** The signed-in user's own announcements (the profile page). */
export function MyAnnouncements({ onOpen }: MyAnnouncementsProps) {
  const { data, error, isLoading, mutate } = useMyAnnouncements();

  if (isLoading)
    return (
      <EmptyState role="status">
        <Spinner size={28} />
        <p>Elanlarınız yüklənir...</p>
      </EmptyState>
    );
  if (error)
    return (
      <Alert>
        <strong>Elanlarınızı yükləmək mümkün olmadı</strong>
        <Button variant="outline" onClick={() => void mutate()}>
          Yenidən cəhd et
        </Button>
      </Alert>
    );
  if (!data || data.length === 0)
    return (
      <EmptyState>
        <p>Hələ heç bir elanınız yoxdur.</p>
        <ButtonLink to="/create?type=lost">
          <PlusIcon size={18} /> İlk elanınızı yaradın
        </ButtonLink>
      </EmptyState>
    );
  return <AnnouncementGrid announcements={data} signedIn onOpen={onOpen} label="Mənim elanlarım" />;
}
