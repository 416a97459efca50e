import { readFileSync } from 'node:fs';
import type { Font, FontCollection } from 'fontkit';
import QRCode from 'qrcode';

/** The two faces every PDF registers. */
export type PdfFontWeight = 'regular' | 'bold';

/**
 * DejaVu Sans from the pinned `dejavu-fonts-ttf` package: pdfkit's standard fonts (Helvetica) have
 * no `ə`, and the package installs with `npm ci` everywhere (a fresh clone, the Docker image), unlike
 * a system font. TrueType, which pdfkit embeds as a subset with a ToUnicode map, so the PDF's text
 * can be searched and copied. Loaded once, with pdfkit, when the first PDF is made: most processes
 * never make one, and both would sit in the memory of every one of them.
 *
 * Parsed once with fontkit, the parsed fonts given to every document (pdfkit takes a fontkit font as
 * a font source; each document still embeds its own subset). Given the file's bytes, pdfkit parsed
 * the font again for each document: most of a label's work (36 ms against 6 here) and garbage, over
 * which V8's heap swung between 26 and 71 MB in a process printing labels (bench/README.md).
 */
let pdfTools:
  Promise<{ PDFDocument: typeof import('pdfkit'); fonts: Record<PdfFontWeight, Font> }> | undefined;
const loadPdfTools = () =>
  (pdfTools ??= Promise.all([import('pdfkit'), import('fontkit')]).then(
    ([{ default: PDFDocument }, fontkit]) => {
      const load = (file: string) => sharedFont(fontkit.create(readFileSync(require.resolve(file))));
      return {
        PDFDocument,
        fonts: {
          regular: load('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
          bold: load('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
        },
      };
    },
  ));

/**
 * A font every document may share. fontkit keeps each glyph it makes with the characters it was
 * first made for, and a document's subset makes the parts of a composite glyph with none (`Ç` is
 * drawn from `C`): a later document writing `C` then had no character for it in its text map (it
 * was copied out as a control character). Every character's glyph is made from its character first.
 */
function sharedFont(parsed: Font | FontCollection): Font {
  if (!('characterSet' in parsed)) throw new Error('a font collection, not a font');
  for (const codePoint of parsed.characterSet) parsed.glyphForCodePoint(codePoint);
  return parsed;
}

/** A parsed font as a font source: pdfkit takes one (`PDFFontFactory.open`), its types do not say so. */
const fontSource = (font: Font) => font as unknown as PDFKit.Mixins.PDFFontSource;

/**
 * A PDF of the platform (inventory labels, receipts and reports; a venue's poster): `paint` adds
 * the pages to a document with the fonts `regular` and `bold` registered; the bytes once finished.
 */
export async function renderPdf(title: string, paint: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { PDFDocument, fonts } = await loadPdfTools();
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: title, Producer: 'Tapıntı' } });
  doc.registerFont('regular', fontSource(fonts.regular));
  doc.registerFont('bold', fontSource(fonts.bold));
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
