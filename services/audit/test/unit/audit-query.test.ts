import { AUDIT_MESSAGES, auditLogQuerySchema } from '@tapinti/contracts/audit-api';

const parse = (q: Record<string, unknown>) => auditLogQuerySchema.safeParse(q);
const messageOf = (q: Record<string, unknown>) => {
  const r = parse(q);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('GET /api/audit-logs query', () => {
  it('defaults to the first 10', () => {
    expect(parse({}).data).toEqual({
      organizationId: undefined,
      from: undefined,
      to: undefined,
      toExclusive: false,
      limit: 10,
      offset: 0,
    });
  });

  it('reads limit, page and offset; page wins', () => {
    expect(parse({ limit: '25', offset: '50' }).data).toMatchObject({ limit: 25, offset: 50 });
    expect(parse({ limit: '20', page: '3', offset: '5' }).data).toMatchObject({ limit: 20, offset: 40 });
  });

  it('refuses bad numbers with Azerbaijani messages', () => {
    expect(messageOf({ limit: '0' })).toBe(AUDIT_MESSAGES.limit);
    expect(messageOf({ limit: '101' })).toBe(AUDIT_MESSAGES.limit);
    expect(messageOf({ limit: 'ten' })).toBe(AUDIT_MESSAGES.limit);
    expect(messageOf({ page: '0' })).toBe(AUDIT_MESSAGES.page);
    expect(messageOf({ offset: '-1' })).toBe(AUDIT_MESSAGES.offset);
    expect(messageOf({ limit: ['1', '2'] })).toBe(AUDIT_MESSAGES.limit);
  });

  it('accepts ISO dates and date-times; a date-only toDate covers that whole day', () => {
    const r = parse({ fromDate: '2025-08-01', toDate: '2025-08-25' }).data!;
    expect(r.from).toEqual(new Date('2025-08-01T00:00:00Z'));
    expect(r.to).toEqual(new Date('2025-08-26T00:00:00Z'));
    expect(r.toExclusive).toBe(true);
    const t = parse({ toDate: '2025-08-25T10:00:00+04:00' }).data!;
    expect(t.to).toEqual(new Date('2025-08-25T06:00:00Z'));
    expect(t.toExclusive).toBe(false);
  });

  it('refuses other dates and reversed ranges', () => {
    expect(messageOf({ fromDate: 'yesterday' })).toBe(AUDIT_MESSAGES.date);
    expect(messageOf({ fromDate: '2025-13-45' })).toBe(AUDIT_MESSAGES.date);
    expect(messageOf({ toDate: '25.08.2025' })).toBe(AUDIT_MESSAGES.date);
    expect(messageOf({ fromDate: '2025-08-26', toDate: '2025-08-25T00:00:00Z' })).toBe(
      AUDIT_MESSAGES.dateRange,
    );
  });

  it('requires organizationId to be a uuid', () => {
    expect(messageOf({ organizationId: "1' or 1=1" })).toBe(AUDIT_MESSAGES.organizationId);
    expect(parse({ organizationId: '0b7b6a9e-3c55-4d8e-9a37-6a3c9e2f1b22' }).success).toBe(true);
  });
});
