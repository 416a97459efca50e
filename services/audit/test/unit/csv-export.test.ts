import { parse } from 'csv-parse/sync';
import { csvLine, csvText } from '@tapinti/platform/csv-line';

/** How a spreadsheet set to `;` or `,` reads the file: quote-aware, forgiving of the other separator. */
const read = (csv: string, delimiter: string): string[][] =>
  parse(csv, { delimiter, relax_quotes: true, relax_column_count: true });

describe('CSV export cells', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+994 50 000 00 00', "'+994 50 000 00 00"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['\u200b=1+1', "'\u200b=1+1"],
    ['\ufeff\u200e\u2066\u00a0 =1', "'\ufeff\u200e\u2066\u00a0 =1"],
    ['\uff1d1+1', "'\uff1d1+1"],
    ['Pulqabı;=HYPERLINK("http://evil.az")', 'Pulqabı;\'=HYPERLINK("http://evil.az")'],
    ['a; \u200b+1;b;-', "a;' \u200b+1;b;'-"],
    ['Bakı, Nizami küçəsi', 'Bakı, Nizami küçəsi'],
    [null, ''],
  ])('neutralises formulas after invisible characters: %j', (value, text) => {
    expect(csvText(value)).toBe(text);
  });

  it('quotes every text cell, so neither a comma nor a semicolon reader splits one', () => {
    const cells = ['Pulqabı;=HYPERLINK("http://evil.az")', '\u200b=1+1', 'a,b', 'sətir\nikinci'];
    const line = csvLine(cells);
    expect(line).toBe('"Pulqabı;\'=HYPERLINK(""http://evil.az"")","\'\u200b=1+1","a,b","sətir\nikinci"\r\n');
    const expected = ['Pulqabı;\'=HYPERLINK("http://evil.az")', "'\u200b=1+1", 'a,b', 'sətir\nikinci'];
    expect(read(line, ',')).toEqual([expected]);
    // A `;` reader does not split the quoted cell at its `;`: no field starts a formula.
    for (const field of read(line, ';')[0]!) expect(field).not.toMatch(/^[\p{Cf}\s]*[=+\-@]/u);
  });
});
