import { formatAzn, formatDate } from './format';

describe('formatting', () => {
  it('dates read as az-AZ: 2-digit day and month, numeric year', () => {
    const d = new Date(2025, 2, 5, 12, 0, 0);
    expect(formatDate(d.toISOString())).toBe('05.03.2025');
    expect(formatDate('not a date')).toBe('');
  });

  it('rewards are whole AZN', () => {
    expect(formatAzn(0)).toBe('0 AZN');
    expect(formatAzn(50)).toBe('50 AZN');
    expect(formatAzn(1250)).toBe('1\u00a0250 AZN');
  });
});
