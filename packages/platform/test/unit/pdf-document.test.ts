import { renderPdf, type PdfFontWeight } from '../../src/pdf-document';

/**
 * Every PDF shares the two parsed fonts (pdf-document.ts): what one document made of them must never
 * change what another's text map says. Read back as the integration tests read labels and receipts.
 */
async function textOf(pdf: Buffer): Promise<string> {
  const { extractText } = await import('unpdf');
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text;
}

const document = (lines: Array<[PdfFontWeight, string]>) =>
  renderPdf('test', (doc) => {
    doc.addPage({ size: 'A4' });
    for (const [weight, line] of lines) doc.font(weight).fontSize(12).text(line);
  });

// Azerbaijani, Russian and English letters, digits and the punctuation the platform prints, among
// them letters drawn from others (Ç from C, Ş from S, Ğ from G, İ from I, Ё from Е, Й from И).
const ALPHABET = [
  ...'ABCÇDEƏFGĞHXIİJKQLMNOÖPRSŞTUÜVYZabcçdeəfgğhxıijkqlmnoöprsştuüvyz',
  ...'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя',
  ...'WwÀÉÑñ0123456789.,:;!?-—–«»"()/№₼%',
];

/** A deterministic shuffle of a word list: each run the same documents. */
function wordsFrom(seed: number, count: number): string[] {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31);
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + (next() % 8) }, () => ALPHABET[next() % ALPHABET.length]).join(''),
  );
}

describe('PDFs sharing their fonts', () => {
  it('keep the text of a letter drawn as part of another, in a later document', async () => {
    expect(await textOf(await document([['regular', 'Qəbz: Ç Ş Ğ İ Ё Й']]))).toBe('Qəbz: Ç Ş Ğ İ Ё Й');
    // C, S, G, I, Е and И made earlier as parts of those letters, in the same font.
    expect(await textOf(await document([['regular', 'CSGI ЕИ, ABC']]))).toBe('CSGI ЕИ, ABC');
  });

  it('keep every character of many documents made one after another and at once, in both faces', async () => {
    const documents = Array.from({ length: 24 }, (_, d) =>
      wordsFrom(d + 1, 3).map(
        (line, l) => [(d + l) % 2 ? 'bold' : 'regular', line] as [PdfFontWeight, string],
      ),
    );
    const inTurn: string[] = [];
    for (const lines of documents.slice(0, 12)) inTurn.push(await textOf(await document(lines)));
    const atOnce = await Promise.all(documents.slice(12).map(async (lines) => textOf(await document(lines))));
    expect([...inTurn, ...atOnce]).toEqual(
      documents.map((lines) => lines.map(([, line]) => line).join('\n')),
    );
  });
});
