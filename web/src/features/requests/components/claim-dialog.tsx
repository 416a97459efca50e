import type { MyRequest } from '@tapinti/contracts/requests-api';
import { Modal } from '../../../components/ui/modal';
import { claimAction, type ClaimTarget } from '../claim-action';
import { ClaimForm } from './claim-form';

export interface ClaimDialogProps {
  announcement: ClaimTarget;
  onClose: () => void;
  onSuccess: (request: MyRequest) => void;
}

/** The claim form in a dialog ("Bu əşya mənimdir" / "Mən tapmışam"), loaded on first use. */
export function ClaimDialog({ announcement, onClose, onSuccess }: ClaimDialogProps) {
  return (
    <Modal
      open
      onClose={onClose}
      title={claimAction(announcement.type)}
      description={announcement.title}
      width={560}
    >
      <ClaimForm announcement={announcement} onSuccess={onSuccess} onCancel={onClose} />
    </Modal>
  );
}

export default ClaimDialog;
