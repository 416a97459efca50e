import { ANNOUNCEMENT_EVENTS } from '@tapinti/contracts/announcements-events';
import { AUTH_EVENTS } from '@tapinti/contracts/auth-events';
import { ORGANIZATION_EVENTS } from '@tapinti/contracts/organizations-events';
import { REQUEST_EVENTS } from '@tapinti/contracts/requests-events';
import { AUDIT_ACTION_LABELS } from './audit-actions';

describe('audit actions', () => {
  it('every event type the services publish has a sentence (the audit list never shows a raw code)', () => {
    const types: string[] = [ANNOUNCEMENT_EVENTS, AUTH_EVENTS, ORGANIZATION_EVENTS, REQUEST_EVENTS].flatMap(
      (events) => Object.values(events),
    );
    expect(types.filter((type) => !AUDIT_ACTION_LABELS[type])).toEqual([]);
    expect(Object.keys(AUDIT_ACTION_LABELS).filter((type) => !types.includes(type))).toEqual([]);
  });
});
