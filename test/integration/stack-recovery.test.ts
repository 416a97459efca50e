import { allAuditRows, registerUser, signInSuperAdmin } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient } from '../support/http-client';
import { pidAlive, STACK_PROCESSES, startLocalStack, type LocalStack } from '../support/local-stack';
import { SERVICES, type Service } from '../support/platform';

/**
 * `npm run stack` (infra/local/stack-up.sh) after a crash: each process of the stack is killed
 * once (SIGKILL) and one more run of the script must bring the platform back whole. The stack is
 * a second one beside the usual (test/support/local-stack.ts): its own state, ports, database and
 * NAMESPACE; the shared servers are reused, never stopped.
 */

const UNAVAILABLE = 'Xidmət müvəqqəti əlçatan deyil. Bir az sonra yenidən cəhd edin';

/** A GET endpoint of each service: it answers (200 or 401) when the service is up. */
const PATHS: Record<Service, string> = {
  auth: '/api/user',
  announcements: '/api/announcements',
  organizations: '/api/organizations',
  requests: '/api/requests/my',
  audit: '/api/audit-logs',
  notifications: '/api/notifications',
  inventory: '/api/organizations/00000000-0000-4000-8000-000000000000/inventory/settings',
  conversations: '/api/conversations/reported',
};

let stack: LocalStack;
let gatewayUrl: string;

beforeAll(async () => {
  stack = await startLocalStack();
  gatewayUrl = stack.url;
}, 300_000);

afterAll(() => stack?.stop(), 60_000);

describe('npm run stack after a crash', () => {
  it.each(STACK_PROCESSES)(
    'restarts %s after SIGKILL, exits 0, and the platform answers again',
    async (killed) => {
      const pid = stack.pidOf(killed);
      process.kill(pid, 'SIGKILL');
      await eventually(() => expect(pidAlive(pid)).toBe(false), { timeoutMs: 10_000, intervalMs: 100 });

      if (killed !== 'gateway') {
        // Meanwhile the gateway says the service is away for a moment, not a bare 502.
        const res = await fetch(gatewayUrl + PATHS[killed]);
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(await res.json()).toEqual({ message: UNAVAILABLE });
      }

      const again = await stack.up();
      expect({ code: again.code, output: again.output }).toEqual({ code: 0, output: expect.any(String) });
      expect(again.output).toContain(`${killed} starting`);
      expect(stack.pidOf(killed)).not.toBe(pid);

      const ready = await fetch(`${gatewayUrl}/readyz`);
      expect(ready.status).toBe(200);
      for (const service of SERVICES) {
        const res = await fetch(gatewayUrl + PATHS[service]);
        expect({ service, answered: [200, 401].includes(res.status) }).toEqual({ service, answered: true });
      }
    },
    180_000,
  );

  it('is whole afterwards: a user registers, posts, finds the post, and the audit log sees both', async () => {
    const user = await registerUser(gatewayUrl, 'recovered');
    const created = await user.client.post('/api/announcements', {
      type: 'lost',
      title: 'Qəhvəyi çanta itib',
      description: 'Metroda qəhvəyi dəri çanta itirmişəm, içində sənədlər var.',
      category: 'bags',
      location: 'Nərimanov metrosu',
    });
    expect(created.status).toBe(201);
    const found = await new HttpClient(gatewayUrl).get('/api/announcements?search=qəhvəyi');
    expect(found.status).toBe(200);
    expect(found.body.map((a: { id: string }) => a.id)).toContain(created.body.id);

    const admin = await signInSuperAdmin(gatewayUrl);
    await eventually(
      async () => {
        const actions = (await allAuditRows(admin))
          .filter((r) => r.entityId === user.id || r.entityId === created.body.id)
          .map((r) => r.action);
        expect(actions).toEqual(
          expect.arrayContaining(['auth.user.registered', 'announcements.announcement.created']),
        );
      },
      // A killed consumer's group membership lapses only after Kafka's session timeout.
      { timeoutMs: 90_000, intervalMs: 1000 },
    );
  }, 180_000);
});
