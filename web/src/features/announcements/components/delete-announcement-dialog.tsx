import type { AnnouncementDetails } from '@tapinti/contracts/announcements-api';
import { Button } from '../../../components/ui/button';
import { Muted, Row, Stack } from '../../../components/ui/layout';
import { Modal } from '../../../components/ui/modal';
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
    <Modal open onClose={onClose} title={t('Elanı sil')} description={announcement.title}>
      <Stack $gap={4}>
        <Muted>
          {t(
            'Elanı silmək istədiyinizə əminsiniz? Elan bütün siyahılardan çıxacaq, şəkli silinəcək. Bu addımı geri qaytarmaq olmaz.',
          )}
        </Muted>
        <Row $justify="flex-end">
          <Button variant="outline" onClick={onClose} data-autofocus>
            {t('Ləğv et')}
          </Button>
          <Button variant="danger" loading={isMutating} onClick={() => void onConfirm()}>
            {t('Bəli, sil')}
          </Button>
        </Row>
      </Stack>
    </Modal>
  );
}
