import { readFileSync } from 'node:fs';
import QRCode from 'qrcode';
import type { OrganizationType } from '@tapinti/contracts/organizations-events';
import { ORGANIZATION_TYPE_LABELS } from '@tapinti/contracts/organizations-events';

/** What the desk's poster shows: the venue, and its page's address (the QR code's payload). */
export interface VenuePoster {
  name: string;
  type: OrganizationType;
  pageUrl: string;
  answerDeadlineHours: number;
}

/**
 * pdfkit and the DejaVu fonts (pdfkit's standard fonts have no `ə`), loaded when the first poster
 * is made, as the inventory service's labels do: most processes never make one.
 */
let tools: Promise<{ PDFDocument: typeof import('pdfkit'); regular: Buffer; bold: Buffer }> | undefined;
const loadTools = () =>
  (tools ??= import('pdfkit').then(({ default: PDFDocument }) => ({
    PDFDocument,
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  })));

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;

/** An A4 poster: the venue's name, a QR code that opens its page, the address under it. */
export async function venuePosterPdf(poster: VenuePoster): Promise<Buffer> {
  const { PDFDocument, regular, bold } = await loadTools();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${poster.name} — Tapıntı`, Producer: 'Tapıntı' },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
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
  const { modules } = QRCode.create(poster.pageUrl, { errorCorrectionLevel: 'M' });
  const size = 300;
  const cell = size / (modules.size + 8);
  const left = (A4.width - size) / 2;
  const top = doc.y + 24;
  for (let r = 0; r < modules.size; r++)
    for (let c = 0; c < modules.size; c++)
      if (modules.get(r, c)) doc.rect(left + (c + 4) * cell, top + (r + 4) * cell, cell, cell);
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
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
