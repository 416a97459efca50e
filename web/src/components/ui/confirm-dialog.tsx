import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { Button } from './button';
import { Muted, Row, Stack } from './layout';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  title: string;
  description?: ReactNode;
  /** What happens, asked once more. */
  question: string;
  confirmLabel: string;
  /** The confirmed action is under way (its button shows a spinner). */
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A step that cannot be undone asks once more: cancel (focused first) or the dangerous action. */
export function ConfirmDialog({
  title,
  description,
  question,
  confirmLabel,
  loading,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const t = useT();
  return (
    <Modal open onClose={onClose} title={title} description={description}>
      <Stack $gap={4}>
        <Muted>{question}</Muted>
        <Row $justify="flex-end">
          <Button variant="outline" onClick={onClose} data-autofocus>
            {t('Ləğv et')}
          </Button>
          <Button variant="danger" loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Row>
      </Stack>
    </Modal>
  );
}
