import { useNavigate, useParams } from 'react-router-dom';
import { ANNOUNCEMENT_LIFE_MESSAGES } from '@tapinti/contracts/announcements-api';
import { Button } from '../../components/ui/button';
import { Alert } from '../../components/ui/layout';
import { PageSpinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useAnnouncement } from '../../features/announcements/api/get-announcement';
import { CreateAnnouncementForm } from '../../features/announcements/components/create-announcement-form';
import { useUser } from '../../features/auth/api/get-user';
import { PhotoUpload } from '../../features/uploads/components/photo-upload';
import { managesAnnouncement } from '../hooks/use-announcement-viewer';
import { InfoPage } from './info-page';
import { useT } from '../../lib/i18n';

const BACK = '/profile?tab=announcements';

/** /announcements/:id/edit — the create form with the announcement's values; saved, back to the profile. */
export default function EditAnnouncementPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { user } = useUser();
  const navigate = useNavigate();
  const { toast } = useToast();
  const { data, error, isLoading, mutate } = useAnnouncement(id);

  if (!user) return null;
  return (
    <InfoPage
      title={t('Elanı redaktə et')}
      lead={t('Elanın məlumatlarını yeniləyin: dəyişikliklərdən sonra uyğun elanlar yenidən axtarılır.')}
      narrow
    >
      {isLoading && <PageSpinner />}
      {error && (
        <Alert>
          <p>{errorMessage(error, t('Elanı yükləmək mümkün olmadı'))}</p>
          <Button variant="outline" onClick={() => void mutate()}>
            {t('Yenidən cəhd et')}
          </Button>
        </Alert>
      )}
      {data && !managesAnnouncement(user, data) && (
        <Alert>
          <p>{ANNOUNCEMENT_LIFE_MESSAGES.notManager}</p>
        </Alert>
      )}
      {data && managesAnnouncement(user, data) && data.status !== 'open' && (
        <Alert>
          <p>{ANNOUNCEMENT_LIFE_MESSAGES.notEditable}</p>
        </Alert>
      )}
      {data && managesAnnouncement(user, data) && data.status === 'open' && (
        <CreateAnnouncementForm
          key={data.id}
          user={user}
          initialType={data.type}
          announcement={data}
          organization={!!data.organizationId}
          onCancel={() => void navigate(BACK)}
          onSuccess={() => {
            toast({
              title: t('Elan redaktə edildi'),
              description: t('Dəyişikliklər yadda saxlanıldı.'),
              variant: 'success',
            });
            void navigate(BACK);
          }}
          photoField={(field) => (
            <PhotoUpload
              {...field}
              onUploaded={() => toast({ title: t('Şəkil yükləndi'), variant: 'success' })}
            />
          )}
        />
      )}
    </InfoPage>
  );
}
