import { figuresOf, periodOf, reportOf, type ReportItem } from '../../src/domain/report';

const at = (iso: string) => new Date(iso);
const item = (overrides: Partial<ReportItem>): ReportItem => ({
  organizationId: 'o',
  category: 'bags',
  loggedAt: at('2026-03-10T10:00:00Z'),
  returnedAt: null,
  disposedAt: null,
  disposalWay: null,
  ...overrides,
});

describe('report figures', () => {
  const now = at('2026-11-28T08:00:00Z');

  it('counts each act in its Baku month and holds what was kept at the end', () => {
    const items = [
      item({ returnedAt: at('2026-03-12T10:00:00Z') }), // 2 days
      item({ returnedAt: at('2026-04-01T10:00:00Z') }), // 22 days
      item({ category: 'documents', disposedAt: at('2026-03-20T10:00:00Z'), disposalWay: 'handed_to_asan' }),
      item({ category: 'keys' }),
      // 23:30 UTC on 31 March is 1 April in Baku.
      item({ loggedAt: at('2026-03-31T21:30:00Z') }),
    ];
    const report = reportOf(items, periodOf('2026-03', '2026-04'), now);
    expect(report.period).toEqual({
      from: '2026-03',
      to: '2026-04',
      startsAt: '2026-02-28T20:00:00.000Z',
      endsAt: '2026-04-30T20:00:00.000Z',
    });
    expect(report.totals).toMatchObject({
      logged: 5,
      returned: 2,
      disposed: 1,
      held: 2,
      medianDaysToReturn: 12,
    });
    expect(report.totals.returnRate).toBeCloseTo(2 / 3);
    expect(report.totals.disposedByWay).toEqual({
      donated: 0,
      destroyed: 0,
      handed_to_police: 0,
      handed_to_asan: 1,
      transferred: 0,
    });
    const [march, april] = report.months;
    expect(march).toMatchObject({ month: '2026-03', logged: 4, returned: 1, disposed: 1, held: 2 });
    expect(april).toMatchObject({ month: '2026-04', logged: 1, returned: 1, disposed: 0, held: 2 });
    expect(report.categories.map((c) => [c.category, c.logged])).toEqual([
      ['phones', 0],
      ['bags', 3],
      ['keys', 1],
      ['documents', 1],
      ['other', 0],
    ]);
  });

  it('has no rate nor median when nothing left, and holds as of now in a month not yet over', () => {
    const figures = figuresOf(
      [item({ loggedAt: at('2026-11-27T10:00:00Z') })],
      at('2026-10-31T20:00:00Z'),
      at('2026-11-30T20:00:00Z'),
      now,
    );
    expect(figures).toMatchObject({ logged: 1, held: 1, returnRate: null, medianDaysToReturn: null });
  });
});
