import type { MyRequest } from '@tapinti/contracts/requests-api';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { claimAction, type ClaimTarget } from '../claim-action';
import { ClaimForm } from './claim-form';

export interface ClaimDialogProps {
  announcement: ClaimTarget;
  onClose: () => void;
  onSuccess: (request: MyRequest) => void;
  /** The claimant's profile has a phone number (the sent claim's toast says how they are reached). */
  claimantHasPhone?: boolean;
}

/**
 * The claim form in a dialog ("Bu əşya mənimdir" / "Mən tapmışam"), loaded on first use; a sent
 * claim is toasted here (not by the page: its texts stay out of the home page's first JS).
 */
export function ClaimDialog({ announcement, onClose, onSuccess, claimantHasPhone = true }: ClaimDialogProps) {
  const t = useT();
  const { toast } = useToast();
  const sent = (filed: MyRequest) => {
    toast({
      title: t('Müraciətiniz göndərildi'),
      // Issue 26.2: "Telefon" without a number on the profile is reached through the conversation.
      description:
        filed.contactMethod === 'phone' && !claimantHasPhone
          ? t(
              'Profilinizdə telefon nömrəsi yoxdur: elanın sahibi sizə müraciətin yazışmasında yazacaq. Onu profilinizdə «Müraciətlərim» bölməsində açın.',
            )
          : t('Elanın sahibi müraciətinizə baxıb sizinlə əlaqə saxlayacaq. Statusu profilinizdə izləyin.'),
      variant: 'success',
    });
    onSuccess(filed);
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={claimAction(announcement.type)}
      description={announcement.title}
      width={560}
    >
      <ClaimForm announcement={announcement} onSuccess={sent} onCancel={onClose} />
    </Modal>
  );
}

export default ClaimDialog;
