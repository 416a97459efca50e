import { formatDateTime } from '@tapinti/contracts/baku-calendar';
import {
  IDENTITY_DOCUMENT_LABELS,
  type IdentityCheck,
  type InventoryItem,
} from '@tapinti/contracts/inventory-api';
import { renderPdf } from '@tapinti/platform/pdf-document';

export interface ReceiptContent {
  /** Null when this service has not heard of the organisation's name yet (then not printed). */
  organizationName: string | null;
  item: Pick<InventoryItem, 'referenceNumber' | 'title' | 'foundArea' | 'foundAt' | 'claim'>;
  identityCheck: IdentityCheck;
  /** When it went back to its owner. */
  returnedAt: string;
  /** The staff member who checked the owner's identity, by username. */
  staffName: string;
}

const MARGIN = 56;

/**
 * The desk hand-over receipt: an A5 page the venue prints (or mails) for the owner — the
 * organisation, the item and
 * its reference number, when it was handed over (Baku time), the owner's name as given and the
 * document checked (its type and last 4 characters only), the staff member, and two signature
 * lines. Nothing of where the item was kept.
 */
export function handoverReceiptPdf(receipt: ReceiptContent): Promise<Buffer> {
  const { item, identityCheck } = receipt;
  const rows: Array<[string, string]> = [
    ['İstinad nömrəsi', item.referenceNumber],
    ['Əşya', item.title],
    ['Tapıldığı yer və vaxt', `${item.foundArea}, ${formatDateTime(new Date(item.foundAt))}`],
    ['Təhvil tarixi', `${formatDateTime(new Date(receipt.returnedAt))} (Bakı vaxtı)`],
    ['Sahibi', identityCheck.ownerName],
    [
      'Şəxsiyyət sənədi',
      `${IDENTITY_DOCUMENT_LABELS[identityCheck.documentType]}, nömrəsinin son 4 simvolu: ${identityCheck.documentLast4}`,
    ],
    ['Təhvil verən işçi', receipt.staffName],
  ];
  if (item.claim) rows.push(['Təsdiq', 'İddia qəbul edilib; sahibinin 6 rəqəmli təhvil kodu təsdiqlənib']);
  return renderPdf(`Təhvil qəbzi ${item.referenceNumber}`, (doc) => {
    doc.addPage({ size: 'A5', margin: MARGIN });
    const width = doc.page.width - 2 * MARGIN;
    if (receipt.organizationName) doc.font('bold').fontSize(12).text(receipt.organizationName, { width });
    doc.font('bold').fontSize(18).text('Təhvil qəbzi', { width });
    doc.font('regular').fontSize(9).text('Tapıntı — itmiş əşyalar platforması', { width }).moveDown(1.5);
    for (const [label, value] of rows) {
      doc.font('bold').fontSize(10).text(label, { width });
      doc.font('regular').fontSize(11).text(value, { width }).moveDown(0.6);
    }
    doc.moveDown(2);
    doc.font('regular').fontSize(10).text('Sahibin imzası: ____________________', { width }).moveDown(1.5);
    doc.text('İşçinin imzası: ____________________', { width });
  });
}
