import { allAuditRows, registerUser, signInSuperAdmin } from '../support/accounts';
import { eventually } from '../support/eventually';
import { approvedOrganization } from '../support/organizations';
import { selectedModes, startPlatform, type Platform } from '../support/platform';

/** Today in Baku (subscription days are Baku days). */
const today = () => new Date(Date.now() + 4 * 3600_000).toISOString().slice(0, 10);

// A platform of its own whose expiry check runs at start and then only hourly: what expires a
// subscription after its end date came is the run a (re)start makes, from the data.
describe.each(selectedModes())('subscriptions expire at their end date (%s)', (mode) => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform(mode, { env: { SUBSCRIPTION_CHECK_EVERY_MS: String(3600_000) } });
  }, 180_000);
  afterAll(async () => {
    await platform?.stop();
  });

  it('a subscription whose end date has come is expired by the job, also across a restart', async () => {
    const admin = await signInSuperAdmin(platform.url);
    const applicant = await registerUser(platform.url, 'subapp');
    const day = today();
    const ending = await approvedOrganization(admin, applicant.client, 'subend', {
      subscriptionData: { startDate: day, endDate: day, plan: 'pro' },
    });
    const running = await approvedOrganization(admin, applicant.client, 'subrun', {});
    expect(ending.subscription).toMatchObject({ status: 'trial', endDate: day, monthlyPrice: 99.99 });

    const statusOf = async (id: string) =>
      (await admin.get(`/api/organizations/${id}`)).body.subscription?.status as string;
    // The run at start came before the approval and the next is an hour away: nothing expires it
    // until the restart runs the job again (no wait: a wait cannot prove that something never happens).
    expect(await statusOf(ending.organization.id)).toBe('trial');

    await (mode === 'distributed' ? platform.restart('organizations') : platform.restart());
    await eventually(async () => expect(await statusOf(ending.organization.id)).toBe('expired'), {
      timeoutMs: 20_000,
      intervalMs: 250,
    });
    expect(await statusOf(running.organization.id)).toBe('trial');
    const list = (await admin.get('/api/organizations')).body as Array<{ id: string; subscription: unknown }>;
    expect(list.find((o) => o.id === ending.organization.id)?.subscription).toMatchObject({
      plan: 'pro',
      status: 'expired',
      endDate: day,
    });
    await eventually(
      async () => {
        const rows = await allAuditRows(admin);
        expect(
          rows.find(
            (r) => r.action === 'organizations.subscription.expired' && r.entityId === ending.subscription.id,
          ),
        ).toMatchObject({ organizationId: ending.organization.id });
      },
      { timeoutMs: 10_000, intervalMs: 250 },
    );
  });
});
