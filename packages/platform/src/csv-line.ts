import { stringify } from 'csv-stringify/sync';

/** The UTF-8 byte order mark: Excel then reads Azerbaijani letters (ə, ğ, ı, ö, ş, ü, ç) right. */
export const BOM = '\uFEFF';

/**
 * A formula a spreadsheet would run: =, +, -, @ (or their full-width forms), tab or CR, after any
 * characters a reader cannot see — format characters (zero-width space and joiners, BOM, bidi
 * marks and isolates: \p{Cf}), spaces of any width (NBSP included) and line breaks — because
 * spreadsheets skip those before deciding that a cell is a formula. It is looked for at the
 * cell's start and after every `;`: a spreadsheet set to `;` (Excel in many locales) splits this
 * comma-separated file there even inside quotes, and the piece after it becomes a cell of its own.
 */
const FORMULA = /(^|;)(?=[\p{Cf}\p{Z}\n]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/gu;

/** A cell's text: each would-be formula gets a leading apostrophe (OWASP's CSV injection advice). */
export function csvText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return text.replace(FORMULA, "$1'");
}

/**
 * One CSV line (RFC 4180, CRLF) written by csv-stringify: every text cell is quoted, so a `;`
 * inside a cell cannot split it for a reader that takes `;` as the separator (Excel in many locales).
 */
export const csvLine = (values: readonly unknown[]) =>
  stringify([values.map(csvText)], { quoted_string: true, record_delimiter: '\r\n' });
