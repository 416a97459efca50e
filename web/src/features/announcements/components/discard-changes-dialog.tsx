import { Button } from '../../../components/ui/button';
import { Muted, Row, Stack } from '../../../components/ui/layout';
import { Modal } from '../../../components/ui/modal';

export interface DiscardChangesDialogProps {
  onStay: () => void;
  onDiscard: () => void;
}

/** 'Ləğv et' on a filled form: what was typed is lost, so the form asks once more. */
export function DiscardChangesDialog({ onStay, onDiscard }: DiscardChangesDialogProps) {
  return (
    <Modal open onClose={onStay} title="Elan ləğv edilsin?">
      <Stack $gap={4}>
        <Muted>Daxil etdiyiniz məlumatlar yadda saxlanılmayacaq və elan yerləşdirilməyəcək.</Muted>
        <Row $justify="flex-end">
          <Button variant="outline" onClick={onStay} data-autofocus>
            Formaya qayıt
          </Button>
          <Button variant="danger" onClick={onDiscard}>
            Bəli, ləğv et
          </Button>
        </Row>
      </Stack>
    </Modal>
  );
}
