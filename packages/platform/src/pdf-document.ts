import { readFileSync } from 'node:fs';
import QRCode from 'qrcode';

/** The two faces every PDF registers. */
export type PdfFontWeight = 'regular' | 'bold';

/**
 * DejaVu Sans from the pinned `dejavu-fonts-ttf` package: pdfkit's standard fonts (Helvetica) have
 * no `ə`, and the package installs with `npm ci` everywhere (a fresh clone, the Docker image), unlike
 * a system font. TrueType, which pdfkit embeds as a subset with a ToUnicode map, so the PDF's text
 * can be searched and copied. Read once, with pdfkit, when the first PDF is made: most processes
 * never make one, and both would sit in the memory of every one of them.
 */
let pdfTools:
  Promise<{ PDFDocument: typeof import('pdfkit'); fonts: Record<PdfFontWeight, Buffer> }> | undefined;
const loadPdfTools = () =>
  (pdfTools ??= import('pdfkit').then(({ default: PDFDocument }) => ({
    PDFDocument,
    fonts: {
      regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
      bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
    },
  })));

/**
 * A PDF of the platform (inventory labels, receipts and reports; a venue's poster): `paint` adds
 * the pages to a document with the fonts `regular` and `bold` registered; the bytes once finished.
 */
export async function renderPdf(title: string, paint: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { PDFDocument, fonts } = await loadPdfTools();
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: title, Producer: 'Tapıntı' } });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  paint(doc);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** The QR code of `payload` as rows of dark (true) and light modules; level M survives a scuffed print. */
export function qrMatrix(payload: string): boolean[][] {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, col) => modules.get(row, col) === 1),
  );
}
