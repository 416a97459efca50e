import { qrMatrix, type PdfFontWeight } from '@tapinti/platform/pdf-document';
import type { LabelSize } from '@tapinti/contracts/inventory-api';

/** PDF points in a millimetre (a point is 1/72 inch). */
const MM = 72 / 25.4;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What one label says; every text already as it is printed. */
export interface LabelContent {
  referenceNumber: string;
  /** The absolute URL of the item's staff page: the QR code's payload, printed under it too. */
  qrPayload: string;
  /** `dd.mm.yyyy HH:MM`, Baku time. */
  foundAt: string;
  storagePlace: string;
  title: string;
}

/** The width of `text` in points at `size` in the label's font (the renderer's font metrics). */
export type Measure = (text: string, size: number, weight: PdfFontWeight) => number;

/** A block of text: wrapped within `width`, at most `maxLines` lines (then an ellipsis). */
export interface TextBlock {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
  weight: PdfFontWeight;
  maxLines: number;
}

export interface LabelDrawing {
  texts: TextBlock[];
  /** The QR code: `matrix[row][col]` true for a dark module, each `moduleSize` points square. */
  qr: { x: number; y: number; moduleSize: number; matrix: boolean[][] };
}

interface Sheet {
  /** Page width and height in points. */
  page: [number, number];
  columns: number;
  rows: number;
  label: { width: number; height: number };
}

/**
 * `62mm`: a thermal roll label 62 × 50 mm, one a page (the printer cuts). `a4`: the common sheet
 * of 3 × 8 self-adhesive labels of 70 × 37 mm, edge to edge across the width, centred in height.
 */
export const LABEL_SHEETS: Record<LabelSize, Sheet> = {
  '62mm': { page: [62 * MM, 50 * MM], columns: 1, rows: 1, label: { width: 62 * MM, height: 50 * MM } },
  a4: { page: [210 * MM, 297 * MM], columns: 3, rows: 8, label: { width: 70 * MM, height: 37 * MM } },
};

/** Where `count` labels go: one list of label boxes per page, filled row by row. */
export function labelPages(size: LabelSize, count: number): Box[][] {
  const sheet = LABEL_SHEETS[size];
  const perPage = sheet.columns * sheet.rows;
  const left = (sheet.page[0] - sheet.columns * sheet.label.width) / 2;
  const top = (sheet.page[1] - sheet.rows * sheet.label.height) / 2;
  const pages: Box[][] = [];
  for (let i = 0; i < count; i++) {
    const slot = i % perPage;
    if (slot === 0) pages.push([]);
    pages[pages.length - 1]!.push({
      x: left + (slot % sheet.columns) * sheet.label.width,
      y: top + Math.floor(slot / sheet.columns) * sheet.label.height,
      ...sheet.label,
    });
  }
  return pages;
}

/** The label's edge, kept clear: printers do not reach the edge and the QR code needs a quiet zone. */
const PADDING = 3.5 * MM;
const GAP = 1 * MM;
/** Line height as a multiple of the font size (DejaVu Sans' ascent plus descent is 1.16 em). */
const LINE = 1.2;
const REFERENCE_MAX_SIZE = 22;
const URL_SIZE = 5;
const CAPTION_SIZE = 5.5;
const VALUE_SIZE = 7;

/**
 * One label inside `box`: the reference number across the top, as large as fits; below it the
 * QR code on the left with its URL in small print underneath, and on the right the date found,
 * the storage place and the item's short name.
 */
export function layoutLabel(label: LabelContent, box: Box, measure: Measure): LabelDrawing {
  const inner = {
    x: box.x + PADDING,
    y: box.y + PADDING,
    width: box.width - 2 * PADDING,
    height: box.height - 2 * PADDING,
  };
  const natural = measure(label.referenceNumber, REFERENCE_MAX_SIZE, 'bold');
  const referenceSize = Math.min(
    REFERENCE_MAX_SIZE,
    inner.height * 0.17,
    (REFERENCE_MAX_SIZE * inner.width) / natural,
  );
  const qrTop = inner.y + referenceSize * LINE + GAP;
  const urlHeight = 2 * URL_SIZE * LINE;
  const qrSide = Math.min(inner.y + inner.height - urlHeight - GAP - qrTop, inner.width / 2);
  const matrix = qrMatrix(label.qrPayload);
  const column = { x: inner.x + qrSide + 3 * MM, y: qrTop };
  const columnWidth = inner.x + inner.width - column.x;

  const texts: TextBlock[] = [
    {
      text: label.referenceNumber,
      x: inner.x,
      y: inner.y,
      width: inner.width,
      size: referenceSize,
      weight: 'bold',
      maxLines: 1,
    },
    {
      text: label.qrPayload,
      x: inner.x,
      y: qrTop + qrSide + GAP,
      width: inner.width,
      size: URL_SIZE,
      weight: 'regular',
      maxLines: 2,
    },
  ];
  // The right-hand column, top down: caption, value, caption, value, the short name.
  let y = column.y;
  const add = (text: string, size: number, weight: PdfFontWeight, maxLines: number) => {
    texts.push({ text, x: column.x, y, width: columnWidth, size, weight, maxLines });
    y += maxLines * size * LINE;
  };
  add('Tapılma tarixi', CAPTION_SIZE, 'regular', 1);
  add(label.foundAt, VALUE_SIZE, 'bold', 1);
  y += GAP;
  add('Saxlama yeri', CAPTION_SIZE, 'regular', 1);
  add(label.storagePlace, VALUE_SIZE, 'bold', 2);
  y += GAP;
  const titleLines = Math.floor((qrTop + qrSide - y) / (CAPTION_SIZE * LINE));
  if (titleLines > 0) add(label.title, CAPTION_SIZE, 'regular', Math.min(titleLines, 3));

  return {
    texts,
    qr: { x: inner.x, y: qrTop, moduleSize: qrSide / matrix.length, matrix },
  };
}
