import QRCode from 'qrcode';
import {
  type Box,
  LABEL_SHEETS,
  type LabelContent,
  labelPages,
  layoutLabel,
  type Measure,
} from '../../src/domain/label-layout';

const MM = 72 / 25.4;
/** A stand-in for the font's metrics: every character 0.6 em wide (DejaVu Sans' digits are 0.64). */
const measure: Measure = (text, size) => [...text].length * size * 0.6;

const label: LabelContent = {
  referenceNumber: 'PBVXY-000123',
  qrPayload: 'https://tapinti.az/org-admin/inventory/3f1c2a7e-8d4b-4c6a-9e2f-1a2b3c4d5e6f',
  foundAt: '27.11.2026 14:30',
  storagePlace: 'Rəf 1',
  title: 'Qara çanta',
};

const inside = (outer: Box, x: number, y: number, width: number, height: number) =>
  x >= outer.x && y >= outer.y && x + width <= outer.x + outer.width && y + height <= outer.y + outer.height;

describe('label layout', () => {
  it('62mm: one label a page, the page the label', () => {
    const pages = labelPages('62mm', 3);
    expect(pages).toHaveLength(3);
    for (const page of pages) {
      expect(page).toHaveLength(1);
      expect(page[0]!.x).toBe(0);
      expect(page[0]!.y).toBe(0);
      expect(page[0]!.width).toBeCloseTo(62 * MM);
      expect(page[0]!.height).toBeCloseTo(50 * MM);
    }
    expect(LABEL_SHEETS['62mm'].page[0]).toBeCloseTo(62 * MM);
  });

  it('a4: 3 × 8 labels of 70 × 37 mm a sheet, row by row, a new sheet after 24', () => {
    const pages = labelPages('a4', 25);
    expect(pages.map((p) => p.length)).toEqual([24, 1]);
    const [a4Width, a4Height] = LABEL_SHEETS.a4.page;
    for (const box of pages[0]!) {
      expect(
        inside({ x: 0, y: 0, width: a4Width, height: a4Height }, box.x, box.y, box.width, box.height),
      ).toBe(true);
      expect(box.width).toBeCloseTo(70 * MM);
      expect(box.height).toBeCloseTo(37 * MM);
    }
    // The second label is to the right of the first, the fourth below it.
    expect(pages[0]![1]!.x).toBeCloseTo(pages[0]![0]!.x + 70 * MM);
    expect(pages[0]![3]!.y).toBeCloseTo(pages[0]![0]!.y + 37 * MM);
    expect(pages[1]![0]).toEqual(pages[0]![0]);
    expect(labelPages('a4', 0)).toEqual([]);
  });

  it.each(['62mm', 'a4'] as const)(
    '%s: the QR code is the payload’s, and everything stays within the label without overlapping',
    (size) => {
      const box = labelPages(size, 1)[0]![0]!;
      const drawing = layoutLabel(label, box, measure);
      const { modules } = QRCode.create(label.qrPayload, { errorCorrectionLevel: 'M' });
      expect(drawing.qr.matrix).toEqual(
        Array.from({ length: modules.size }, (_, r) =>
          Array.from({ length: modules.size }, (_, c) => modules.get(r, c) === 1),
        ),
      );
      const qrSide = drawing.qr.moduleSize * drawing.qr.matrix.length;
      expect(inside(box, drawing.qr.x, drawing.qr.y, qrSide, qrSide)).toBe(true);
      // A phone reads modules of half a millimetre and more.
      expect(drawing.qr.moduleSize).toBeGreaterThanOrEqual(0.45 * MM);

      const blocks = drawing.texts.map((t) => ({ ...t, height: t.maxLines * t.size * 1.2 }));
      for (const t of blocks) expect(inside(box, t.x, t.y, t.width, t.height)).toBe(true);
      const [reference, url, ...column] = blocks;
      expect(reference).toMatchObject({ text: label.referenceNumber, weight: 'bold', maxLines: 1 });
      expect(measure(reference!.text, reference!.size, 'bold')).toBeLessThanOrEqual(reference!.width + 0.01);
      expect(reference!.size).toBeGreaterThanOrEqual(14);
      // The reference above the code, the URL under it, the column beside it.
      expect(reference!.y + reference!.height).toBeLessThanOrEqual(drawing.qr.y);
      expect(url).toMatchObject({ text: label.qrPayload, maxLines: 2 });
      expect(url!.y).toBeGreaterThanOrEqual(drawing.qr.y + qrSide);
      expect(column.map((t) => t.text).slice(0, 4)).toEqual([
        'Tapılma tarixi',
        label.foundAt,
        'Saxlama yeri',
        label.storagePlace,
      ]);
      for (const t of column) {
        expect(t.x).toBeGreaterThanOrEqual(drawing.qr.x + qrSide);
        expect(t.y + t.height).toBeLessThanOrEqual(drawing.qr.y + qrSide + 0.01);
      }
    },
  );

  it('a long reference number is set smaller so that it fits the width', () => {
    const box = labelPages('62mm', 1)[0]![0]!;
    const short = layoutLabel({ ...label, referenceNumber: 'AB-000001' }, box, measure).texts[0]!;
    const long = layoutLabel({ ...label, referenceNumber: 'ABCDE-123456789' }, box, measure).texts[0]!;
    expect(long.size).toBeLessThan(short.size);
    expect(measure(long.text, long.size, 'bold')).toBeLessThanOrEqual(long.width + 0.01);
  });
});
