import { addWorkingTime, answerDeadlineOf } from '../../src/domain/answer-deadline';

const HOUR = 3600_000;
const weekdays = { days: [1, 2, 3, 4, 5], opensAt: '09:00', closesAt: '18:00' };

describe('a claim’s answer deadline (issue 26)', () => {
  it('runs the plan’s hours around the clock unless the organisation pauses it', () => {
    const filed = new Date('2026-11-27T10:00:00Z'); // Friday 14:00 in Baku
    expect(
      answerDeadlineOf(filed, { plan: 'pro', workingHours: weekdays, pausesOutsideHours: false }, HOUR),
    ).toEqual({
      plan: 'pro',
      deadlineHours: 24,
      remindAt: new Date('2026-11-27T22:00:00Z'),
      dueAt: new Date('2026-11-28T10:00:00Z'),
    });
    // Unknown organisation: the fallback plan (basic, 48 h); a test-sized hour shortens it.
    expect(answerDeadlineOf(filed, null, 250).dueAt.getTime() - filed.getTime()).toBe(48 * 250);
  });

  it('stops outside working hours (Baku time) when the organisation says so', () => {
    // Friday 14:00 Baku: 4 h left that day, the weekend is closed, Monday from 09:00 Baku.
    const filed = new Date('2026-11-27T10:00:00Z');
    const deadline = answerDeadlineOf(
      filed,
      { plan: 'enterprise', workingHours: weekdays, pausesOutsideHours: true },
      HOUR,
    );
    expect(deadline.remindAt).toEqual(new Date('2026-11-27T14:00:00Z')); // Friday 18:00 Baku
    expect(deadline.dueAt).toEqual(new Date('2026-11-30T09:00:00Z')); // Monday 13:00 Baku
    // Filed on Sunday night: the clock starts at Monday's opening.
    expect(addWorkingTime(new Date('2026-11-29T20:00:00Z'), HOUR, weekdays)).toEqual(
      new Date('2026-11-30T06:00:00Z'),
    );
  });
});
