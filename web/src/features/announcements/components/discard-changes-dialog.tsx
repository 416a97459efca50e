import { Button } from '../../../components/ui/button';
import { Muted, Row, Stack } from '../../../components/ui/layout';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../lib/i18n';

export interface DiscardChangesDialogProps {
  onStay: () => void;
  onDiscard: () => void;
}

/** 'Ləğv et' on a filled form: what was typed is lost, so the form asks once more. */
export function DiscardChangesDialog({ onStay, onDiscard }: DiscardChangesDialogProps) {
  const t = useT();
  return (
    <Modal open onClose={onStay} title={t('Elan ləğv edilsin?')}>
      <Stack $gap={4}>
        <Muted>{t('Daxil etdiyiniz məlumatlar yadda saxlanılmayacaq və elan yerləşdirilməyəcək.')}</Muted>
        <Row $justify="flex-end">
          <Button variant="outline" onClick={onStay} data-autofocus>
            {t('Formaya qayıt')}
          </Button>
          <Button variant="danger" onClick={onDiscard}>
            {t('Bəli, ləğv et')}
          </Button>
        </Row>
      </Stack>
    </Modal>
  );
}
