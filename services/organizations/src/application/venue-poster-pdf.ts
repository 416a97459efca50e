import { qrMatrix, renderPdf } from '@tapinti/platform/pdf-document';
import type { OrganizationType } from '@tapinti/contracts/organizations-events';
import { ORGANIZATION_TYPE_LABELS } from '@tapinti/contracts/organizations-events';

/** What the desk's poster shows: the venue, and its page's address (the QR code's payload). */
export interface VenuePoster {
  name: string;
  type: OrganizationType;
  pageUrl: string;
  answerDeadlineHours: number;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;

/** An A4 poster: the venue's name, a QR code that opens its page, the address under it. */
export function venuePosterPdf(poster: VenuePoster): Promise<Buffer> {
  return renderPdf(`${poster.name} — Tapıntı`, (doc) => paintPoster(doc, poster));
}

function paintPoster(doc: PDFKit.PDFDocument, poster: VenuePoster): void {
  doc.addPage({ size: 'A4', margin: MARGIN });
  const width = A4.width - 2 * MARGIN;
  doc.font('bold').fontSize(30).text('Nəsə itirmisiniz?', MARGIN, MARGIN, { width, align: 'center' });
  doc.moveDown(0.4);
  doc
    .font('regular')
    .fontSize(15)
    .text('Kodu telefonunuzla skan edin: bu məkanda tapılan əşyalar və iddia Tapıntıda.', {
      width,
      align: 'center',
    });
  // The QR code as vector squares (crisp at any print size), centred.
  const matrix = qrMatrix(poster.pageUrl);
  const size = 300;
  const cell = size / (matrix.length + 8);
  const left = (A4.width - size) / 2;
  const top = doc.y + 24;
  matrix.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) doc.rect(left + (c + 4) * cell, top + (r + 4) * cell, cell, cell);
    }),
  );
  doc.fill('black');
  doc.y = top + size + 16;
  doc.font('bold').fontSize(22).text(poster.name, MARGIN, doc.y, { width, align: 'center' });
  doc
    .font('regular')
    .fontSize(13)
    .text(`${ORGANIZATION_TYPE_LABELS[poster.type]} · Təsdiqlənmiş məkan`, { width, align: 'center' });
  doc.moveDown(0.6);
  doc.font('regular').fontSize(12).text(poster.pageUrl, { width, align: 'center', link: poster.pageUrl });
  doc.moveDown(0.6);
  doc
    .fontSize(12)
    .text(`İddialara ${poster.answerDeadlineHours} saat ərzində cavab veririk.`, { width, align: 'center' });
}
