import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { auditEntryOf, entityIdOf, entityTypeOf } from '../../src/domain/audit-entry';
import { REDACTED, sanitizeState } from '../../src/domain/sanitize';

const USER = '6f1c1a51-8a8a-4f59-9d8e-2f0d3f3f7c11';
const ORG = '0b7b6a9e-3c55-4d8e-9a37-6a3c9e2f1b22';

const envelope = (over: Partial<EventEnvelope> = {}): EventEnvelope => ({
  eventId: 'a1b2c3d4-0000-4000-8000-000000000001',
  type: 'auth.user.registered',
  schemaVersion: 1,
  source: 'auth',
  streamId: `user-${USER}`,
  streamVersion: 1,
  position: 1,
  payload: { userId: USER, username: 'leyla' },
  metadata: {
    actorId: USER,
    organizationId: null,
    addressKey: 'Xk2pQ0vB9mZr7TnLw4yHcA',
    userAgent: 'Mozilla/5.0',
    correlationId: 'req-1',
    occurredAt: '2025-08-25T10:00:00.000Z',
  },
  ...over,
});

describe('audit entry of an event', () => {
  it('takes actor, entity, action, address, agent and time from the envelope', () => {
    expect(auditEntryOf(envelope())).toEqual({
      eventId: 'a1b2c3d4-0000-4000-8000-000000000001',
      source: 'auth',
      userId: USER,
      organizationId: null,
      entityType: 'user',
      entityId: USER,
      action: 'auth.user.registered',
      beforeState: null,
      afterState: { userId: USER, username: 'leyla' },
      ipAddress: 'Xk2pQ0vB9mZr7TnLw4yHcA',
      userAgent: 'Mozilla/5.0',
      createdAt: new Date('2025-08-25T10:00:00.000Z'),
    });
  });

  it('uses before/after of the payload when it has them', () => {
    const entry = auditEntryOf(
      envelope({
        type: 'auth.user.profile-updated',
        payload: { userId: USER, before: { email: 'a@x.az' }, after: { email: 'b@x.az' } },
      }),
    );
    expect(entry.beforeState).toEqual({ email: 'a@x.az' });
    expect(entry.afterState).toEqual({ email: 'b@x.az' });
  });

  it("falls back to the subject user for system events, and to the payload's organisation", () => {
    const entry = auditEntryOf(
      envelope({
        type: 'announcements.announcement.archived',
        streamId: 'announcement-123',
        payload: { userId: USER, organizationId: ORG },
        metadata: { ...envelope().metadata, actorId: null, addressKey: null, userAgent: null },
      }),
    );
    expect(entry).toMatchObject({
      userId: USER,
      organizationId: ORG,
      entityType: 'announcement',
      entityId: '123',
    });
    expect(entry.ipAddress).toBeNull();
  });

  it("keeps no raw address of an event stored before issue 21 (its metadata's `ip`)", () => {
    const { addressKey: _none, ...legacy } = envelope().metadata;
    const entry = auditEntryOf(envelope({ metadata: { ...legacy, ip: '203.0.113.7' } as never }));
    expect(entry.ipAddress).toBeNull();
    expect(JSON.stringify(entry)).not.toContain('203.0.113.7');
  });

  it('keeps no actor when there is none, and refuses ids that are not uuids', () => {
    const entry = auditEntryOf(
      envelope({
        type: 'auth.user.login-failed',
        streamId: 'login-abc',
        payload: { userId: null, identifier: 'x' },
        metadata: { ...envelope().metadata, actorId: 'not-a-uuid', organizationId: "1' or '1'='1" },
      }),
    );
    expect(entry.userId).toBeNull();
    expect(entry.organizationId).toBeNull();
    expect(entry.entityId).toBe('login-abc');
  });

  it('bounds what it keeps from the metadata and survives a broken occurredAt', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    const entry = auditEntryOf(
      envelope({
        metadata: { ...envelope().metadata, userAgent: 'a'.repeat(5000), occurredAt: 'yesterday' },
      }),
      now,
    );
    expect(entry.userAgent).toHaveLength(512);
    expect(entry.createdAt).toEqual(now);
  });

  it('names entities by the aggregate part of the type', () => {
    expect(entityTypeOf('requests.request.status-changed')).toBe('request');
    expect(entityTypeOf('odd')).toBe('odd');
    expect(entityIdOf('organization-42', 'organization')).toBe('42');
    const id = '6f1c1a51-8a8a-4f59-9d8e-2f0d3f3f7c11';
    expect(entityIdOf(`logins-${id}`, 'user')).toBe(id);
    expect(entityIdOf('login-abc123', 'user')).toBe('login-abc123');
    // One login per stream: the entity is before the dot.
    expect(entityIdOf(`logins-${id}.${randomUUID()}`, 'user')).toBe(id);
    expect(entityIdOf(`login-abc123.${randomUUID()}`, 'user')).toBe('login-abc123');
  });
});

describe('state sanitising', () => {
  it('redacts secret-looking keys and values at any depth', () => {
    expect(
      sanitizeState({
        username: 'leyla',
        password: 'hunter22',
        passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def',
        nested: { apiKey: 'k', token: 't', note: '$2b$10$abcdefghijklmnopqrstuv', list: [{ secret: 's' }] },
        session: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
      }),
    ).toEqual({
      username: 'leyla',
      password: REDACTED,
      passwordHash: REDACTED,
      nested: { apiKey: REDACTED, token: REDACTED, note: REDACTED, list: [{ secret: REDACTED }] },
      session: REDACTED,
    });
  });

  it('keeps user text as data, bounded', () => {
    const text = "'; drop table audit.audit_logs; --\n<script>alert(1)</script>";
    expect(sanitizeState({ title: text })).toEqual({ title: text });
    expect((sanitizeState('x'.repeat(5000)) as string).length).toBe(2001);
    let deep: unknown = 'bottom';
    for (let i = 0; i < 20; i++) deep = { d: deep };
    expect(JSON.stringify(sanitizeState(deep))).toContain(REDACTED);
    expect(sanitizeState({ n: Number.NaN, u: undefined })).toEqual({ n: null, u: null });
  });
});
