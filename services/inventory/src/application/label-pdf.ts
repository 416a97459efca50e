import { readFileSync } from 'node:fs';
import type { LabelSize } from '@tapinti/contracts/inventory-api';
import {
  type FontWeight,
  LABEL_SHEETS,
  type LabelContent,
  type LabelDrawing,
  labelPages,
  layoutLabel,
} from '../domain/label-layout';

/**
 * DejaVu Sans from the pinned `dejavu-fonts-ttf` package: pdfkit's standard fonts (Helvetica) have
 * no `ə`, and the package installs with `npm ci` everywhere (a fresh clone, the Docker image), unlike
 * a system font. TrueType, which pdfkit embeds as a subset with a ToUnicode map, so the PDF's text
 * can be searched and copied. Read once, with pdfkit, when the first label is printed: most
 * processes never print one, and both would sit in the memory of every one of them.
 */
let pdfTools:
  Promise<{ PDFDocument: typeof import('pdfkit'); fonts: Record<FontWeight, Buffer> }> | undefined;
const loadPdfTools = () =>
  (pdfTools ??= import('pdfkit').then(({ default: PDFDocument }) => ({
    PDFDocument,
    fonts: {
      regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
      bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
    },
  })));

function draw(doc: PDFKit.PDFDocument, drawing: LabelDrawing): void {
  const { qr } = drawing;
  qr.matrix.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) doc.rect(qr.x + c * qr.moduleSize, qr.y + r * qr.moduleSize, qr.moduleSize, qr.moduleSize);
    }),
  );
  doc.fill('black');
  for (const block of drawing.texts) {
    doc
      .font(block.weight)
      .fontSize(block.size)
      .text(block.text, block.x, block.y, {
        width: block.width,
        height: block.maxLines * doc.currentLineHeight(true),
        ellipsis: true,
        lineGap: 0,
      });
  }
}

/** The labels as one PDF: `62mm` one label a page, `a4` sheets of 3 × 8. */
export async function labelsPdf(labels: LabelContent[], size: LabelSize, title: string): Promise<Buffer> {
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
  const measure = (text: string, fontSize: number, weight: FontWeight) =>
    doc.font(weight).fontSize(fontSize).widthOfString(text);
  let next = 0;
  for (const boxes of labelPages(size, labels.length)) {
    doc.addPage({ size: LABEL_SHEETS[size].page, margin: 0 });
    for (const box of boxes) draw(doc, layoutLabel(labels[next++]!, box, measure));
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
