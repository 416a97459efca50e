import type { AnnouncementDetails } from '@tapinti/contracts/announcements-api';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { errorToast } from '../../../lib/submit-errors';
import { useDeleteAnnouncement } from '../api/announcement-life';
import { useT } from '../../../lib/i18n';

export interface DeleteAnnouncementDialogProps {
  announcement: Pick<AnnouncementDetails, 'id' | 'title'>;
  onClose: () => void;
  onSuccess: () => void;
}

/** Deleting is final: the dialog asks once more. */
export function DeleteAnnouncementDialog({
  announcement,
  onClose,
  onSuccess,
}: DeleteAnnouncementDialogProps) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useDeleteAnnouncement();

  const onConfirm = async () => {
    try {
      await trigger(announcement.id);
    } catch (error) {
      toast(errorToast(error, t('Elan silinərkən xəta baş verdi')));
      return;
    }
    onSuccess();
  };

  return (
    <ConfirmDialog
      title={t('Elanı sil')}
      description={announcement.title}
      question={t(
        'Elanı silmək istədiyinizə əminsiniz? Elan bütün siyahılardan çıxacaq, şəkli silinəcək. Bu addımı geri qaytarmaq olmaz.',
      )}
      confirmLabel={t('Bəli, sil')}
      loading={isMutating}
      onConfirm={() => void onConfirm()}
      onClose={onClose}
    />
  );
}
