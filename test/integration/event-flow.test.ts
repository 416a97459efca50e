import { allAuditRows, registerUser, signInSuperAdmin } from '../support/accounts';
import { eventually } from '../support/eventually';
import { sharedPlatforms } from '../support/platform';

describe.each(sharedPlatforms())('events between services ($mode)', ({ mode, url }) => {
  it('an event appended by auth reaches the audit service (through Kafka in distributed mode)', async () => {
    const admin = await signInSuperAdmin(url);
    const user = await registerUser(url, 'flow');
    const row = await eventually(
      async () => {
        const rows = await allAuditRows(admin);
        const found = rows.find((r) => r.action === 'auth.user.registered' && r.entityId === user.id);
        expect(found).toBeDefined();
        return found!;
      },
      { timeoutMs: mode === 'distributed' ? 2000 : 1000 },
    );
    expect(row.userId).toBe(user.id);
    expect(row.ipAddress).toBeTruthy();
  });
});
