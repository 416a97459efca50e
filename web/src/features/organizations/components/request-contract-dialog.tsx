import type { Application } from '@tapinti/contracts/organizations-api';
import { Button } from '../../../components/ui/button';
import { Muted, Row, Stack } from '../../../components/ui/layout';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { errorToast } from '../../../lib/submit-errors';
import { useRequestContract } from '../api/applications';
import { useT } from '../../../lib/i18n';

export interface RequestContractDialogProps {
  application: Application;
  onClose: () => void;
  onSuccess: (application: Application) => void;
}

/** Moves a pending application to need_contract (it can still be approved or rejected afterwards). */
export function RequestContractDialog({ application, onClose, onSuccess }: RequestContractDialogProps) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useRequestContract();

  const confirm = async () => {
    let updated: Application;
    try {
      updated = await trigger({ id: application.id });
    } catch (error) {
      toast(errorToast(error, t('Müqavilə tələb edilərkən xəta baş verdi')));
      return;
    }
    onSuccess(updated);
  };

  return (
    <Modal open onClose={onClose} title={t('Müqavilə tələb et')} description={application.organizationName}>
      <Stack $gap={4}>
        <Muted>
          {t(
            'Müraciət “Müqavilə tələb olunur” statusuna keçəcək. Müqavilə imzalandıqdan sonra onu təsdiqləyə və ya rədd edə bilərsiniz. Əlaqə: {person}, {email}.',
            { person: application.contactPerson, email: application.contactEmail },
          )}
        </Muted>
        <Row $justify="flex-end">
          <Button variant="outline" onClick={onClose}>
            {t('Ləğv et')}
          </Button>
          <Button onClick={() => void confirm()} loading={isMutating}>
            {t('Müqavilə tələb et')}
          </Button>
        </Row>
      </Stack>
    </Modal>
  );
}
