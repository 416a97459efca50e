import { ButtonLink } from '../../../components/ui/button';
import { PlusIcon } from '../../../components/ui/icons';
import { Alert, EmptyState } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { Button } from '../../../components/ui/button';
import { useMyAnnouncements } from '../../announcements/api/get-my-announcements';
import { AnnouncementGrid } from '../../announcements/components/announcement-grid';
import { useAnnouncementViewer } from '../../announcements/components/use-announcement-viewer';

export function MyAnnouncements() {
  const { data, error, isLoading, mutate } = useMyAnnouncements();
  const viewer = useAnnouncementViewer();

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
  return (
    <>
      <AnnouncementGrid announcements={data} signedIn onOpen={viewer.open} label="Mənim elanlarım" />
      {viewer.dialogs}
    </>
  );
}
