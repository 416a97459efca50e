import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { AnnouncementDetails, AnnouncementType } from '@tapinti/contracts/announcements-api';
import { useToast } from '../../components/ui/toast';
import { CreateAnnouncementForm } from '../../features/announcements/components/create-announcement-form';
import { draftStorageKey } from '../../features/announcements/components/use-announcement-draft';
import { useUser } from '../../features/auth/api/get-user';
import { PhotoUpload } from '../../features/uploads/components/photo-upload';
import { InfoPage } from './info-page';
import { msg, useT } from '../../lib/i18n';
import { HELD_FOR_REVIEW_TOAST } from '../../features/moderation/held-for-review';

const COPY: Record<AnnouncementType, { title: string; subtitle: string }> = {
  lost: {
    title: msg('İtirilmiş əşya elanı'),
    subtitle: msg('İtirdiyiniz əşyanı ətraflı təsvir edin ki, onu tapan şəxs sizinlə əlaqə saxlaya bilsin.'),
  },
  found: {
    title: msg('Tapılmış əşya elanı'),
    subtitle: msg('Tapdığınız əşyanı təsvir edin ki, sahibi onu tanıyıb sizinlə əlaqə saxlaya bilsin.'),
  },
};

/** /create?type=lost|found — behind the route guard, so a user is present. */
export default function CreatePage() {
  const t = useT();
  const { user } = useUser();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { toast } = useToast();
  const type: AnnouncementType = params.get('type') === 'found' ? 'found' : 'lost';

  const onTypeChange = useCallback(
    (next: AnnouncementType) => {
      if (next !== type) setParams({ type: next }, { replace: true });
    },
    [type, setParams],
  );

  const onCreated = (created: AnnouncementDetails) => {
    // Issue 15: one that matched a risk pattern waits for a moderator instead of going live.
    if (created.moderationStatus === 'pending_review') {
      toast({ ...HELD_FOR_REVIEW_TOAST, variant: 'default' });
      void navigate('/profile');
      return;
    }
    toast({
      title: t('Elan yaradıldı'),
      description: t('Elanınız uğurla yaradıldı və aktivdir.'),
      variant: 'success',
      link: { href: `/elan/${created.id}`, label: t('Elanın öz səhifəsi') },
    });
    // Spec: to the home page, where the new one is shown first in 'Son elanlar' and highlighted.
    void navigate('/', { state: { created: created.id } });
  };

  if (!user) return null;
  return (
    <InfoPage title={COPY[type].title} lead={COPY[type].subtitle} narrow>
      <CreateAnnouncementForm
        user={user}
        initialType={type}
        onTypeChange={onTypeChange}
        onSuccess={onCreated}
        confirmDiscard
        draftKey={draftStorageKey(user.id)}
        photoField={(field) => (
          <PhotoUpload
            {...field}
            onUploaded={() => toast({ title: t('Şəkil yükləndi'), variant: 'success' })}
          />
        )}
      />
    </InfoPage>
  );
}
