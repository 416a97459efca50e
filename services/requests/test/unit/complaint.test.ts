import { randomUUID } from 'node:crypto';
import { COMPLAINT_MESSAGES, complaintNumberOf } from '@tapinti/contracts/requests-api';
import { complaintFiledV1, REQUEST_EVENTS } from '@tapinti/contracts/requests-events';
import { deciderSpecification } from '@tapinti/eventstore/testing/decider-specification';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { NotFoundError, ValidationError } from '@tapinti/platform/errors';
import { complaintDecider, type FileComplaintCommand } from '../../src/domain/complaint';

const spec = deciderSpecification(complaintDecider);
const now = new Date('2025-08-25T10:00:00.000Z');
const complaintId = randomUUID();
const superAdmin = randomUUID();

const fileCommand = (fields: Partial<FileComplaintCommand> = {}): FileComplaintCommand => ({
  type: 'file',
  complaintId,
  sequence: 123,
  complaintType: 'fraud',
  announcementId: null,
  userId: null,
  contactEmail: 'aysel@example.az',
  now,
  ...fields,
});
const [filed] = complaintDecider.decide(fileCommand(), null) as [NewEvent];

describe('complaints', () => {
  it('are numbered ŞK- and six digits at least, and filed open', () => {
    expect(complaintNumberOf(7)).toBe('ŞK-000007');
    expect(complaintNumberOf(1234567)).toBe('ŞK-1234567');
    expect(filed).toEqual({
      type: REQUEST_EVENTS.complaintFiled,
      schemaVersion: 1,
      payload: {
        complaintId,
        number: 'ŞK-000123',
        type: 'fraud',
        announcementId: null,
        userId: null,
        contactEmail: 'aysel@example.az',
        status: 'open',
        createdAt: now.toISOString(),
      },
    });
    expect(complaintFiledV1.parse(filed.payload)).toEqual(filed.payload);
  });

  it('move between statuses and take a reply addressed to the contact as filed', () => {
    spec
      .given([filed])
      .when({ type: 'update', status: 'resolved', reply: 'Elanı gizlətdik', by: superAdmin, now })
      .then([
        {
          type: REQUEST_EVENTS.complaintStatusChanged,
          schemaVersion: 1,
          payload: {
            complaintId,
            number: 'ŞK-000123',
            from: 'open',
            to: 'resolved',
            changedBy: superAdmin,
            changedAt: now.toISOString(),
          },
        },
        {
          type: REQUEST_EVENTS.complaintReplied,
          schemaVersion: 1,
          payload: {
            complaintId,
            number: 'ŞK-000123',
            userId: null,
            contactEmail: 'aysel@example.az',
            reply: 'Elanı gizlətdik',
            repliedBy: superAdmin,
            repliedAt: now.toISOString(),
          },
        },
      ]);
  });

  it('refuse an update that changes nothing (400) and an unknown complaint (404)', () => {
    spec
      .given([filed])
      .when({ type: 'update', status: 'open', reply: undefined, by: superAdmin, now })
      .thenThrows(new ValidationError(COMPLAINT_MESSAGES.nothingToChange, 'status'));
    spec
      .given([])
      .when({ type: 'update', status: 'resolved', reply: undefined, by: superAdmin, now })
      .thenThrows(new NotFoundError(COMPLAINT_MESSAGES.notFound));
  });
});
