import { REQUEST_EVENTS } from '@tapinti/contracts/requests-events';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { deciderSpecification } from '@tapinti/eventstore/testing/decider-specification';
import { addWorkingTime, answerDeadlineOf } from '../../src/domain/answer-deadline';
import { requestDecider } from '../../src/domain/request';

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

describe('the deadline job’s decision on a claim (issue 26)', () => {
  const spec = deciderSpecification(requestDecider);
  const requestId = '11111111-1111-4111-8111-111111111111';
  const announcementId = '22222222-2222-4222-8222-222222222222';
  const organizationId = '33333333-3333-4333-8333-333333333333';
  const filedAt = '2026-11-27T10:00:00.000Z';
  const filed: NewEvent = {
    type: REQUEST_EVENTS.filed,
    schemaVersion: 1,
    payload: {
      requestId,
      announcementId,
      organizationId,
      userId: '44444444-4444-4444-8444-444444444444',
      handlerUserId: null,
      contactMethod: 'phone',
      status: 'pending',
      createdAt: filedAt,
    },
  };
  const deadlineSet: NewEvent = {
    type: REQUEST_EVENTS.answerDeadlineSet,
    schemaVersion: 1,
    payload: {
      requestId,
      announcementId,
      organizationId,
      plan: 'pro',
      deadlineHours: 24,
      filedAt,
      remindAt: '2026-11-27T22:00:00.000Z',
      dueAt: '2026-11-28T10:00:00.000Z',
    },
  };
  const at = (iso: string) => ({ type: 'check-answer-deadline' as const, now: new Date(iso) });
  const notice = (type: string, iso: string): NewEvent => ({
    type,
    schemaVersion: 1,
    payload: { requestId, announcementId, organizationId, dueAt: '2026-11-28T10:00:00.000Z', at: iso },
  });

  it('does nothing before half time, reminds at half time, escalates past due, each once', () => {
    spec.given([filed, deadlineSet]).when(at('2026-11-27T21:59:00.000Z')).then([]);
    spec
      .given([filed, deadlineSet])
      .when(at('2026-11-27T22:00:00.000Z'))
      .then([notice(REQUEST_EVENTS.answerReminderDue, '2026-11-27T22:00:00.000Z')]);
    const reminded = notice(REQUEST_EVENTS.answerReminderDue, '2026-11-27T22:00:00.000Z');
    spec.given([filed, deadlineSet, reminded]).when(at('2026-11-28T09:00:00.000Z')).then([]);
    spec
      .given([filed, deadlineSet, reminded])
      .when(at('2026-11-28T10:00:00.000Z'))
      .then([notice(REQUEST_EVENTS.answerOverdue, '2026-11-28T10:00:00.000Z')]);
    const overdue = notice(REQUEST_EVENTS.answerOverdue, '2026-11-28T10:00:00.000Z');
    spec.given([filed, deadlineSet, reminded, overdue]).when(at('2026-11-29T10:00:00.000Z')).then([]);
    // A late check does both at once.
    spec
      .given([filed, deadlineSet])
      .when(at('2026-11-28T11:00:00.000Z'))
      .then([
        notice(REQUEST_EVENTS.answerReminderDue, '2026-11-28T11:00:00.000Z'),
        notice(REQUEST_EVENTS.answerOverdue, '2026-11-28T11:00:00.000Z'),
      ]);
  });

  it('stops the clock at the first answer, and has none for a claim without a deadline', () => {
    const answered: NewEvent = {
      type: REQUEST_EVENTS.statusChanged,
      schemaVersion: 1,
      payload: {
        requestId,
        announcementId,
        from: 'pending',
        to: 'contacted',
        handledBy: '55555555-5555-4555-8555-555555555555',
        handledAt: '2026-11-27T12:00:00.000Z',
        reason: 'handler',
      },
    };
    spec.given([filed, deadlineSet, answered]).when(at('2026-11-29T10:00:00.000Z')).then([]);
    spec.given([filed]).when(at('2026-11-29T10:00:00.000Z')).then([]);
  });
});
