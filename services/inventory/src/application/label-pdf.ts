import type { LabelSize } from '@tapinti/contracts/inventory-api';
import {
  LABEL_SHEETS,
  type LabelContent,
  type LabelDrawing,
  labelPages,
  layoutLabel,
} from '../domain/label-layout';
import { renderPdf, type PdfFontWeight } from '@tapinti/platform/pdf-document';

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
export function labelsPdf(labels: LabelContent[], size: LabelSize, title: string): Promise<Buffer> {
  return renderPdf(title, (doc) => {
    const measure = (text: string, fontSize: number, weight: PdfFontWeight) =>
      doc.font(weight).fontSize(fontSize).widthOfString(text);
    let next = 0;
    for (const boxes of labelPages(size, labels.length)) {
      doc.addPage({ size: LABEL_SHEETS[size].page, margin: 0 });
      for (const box of boxes) draw(doc, layoutLabel(labels[next++]!, box, measure));
    }
  });
}
