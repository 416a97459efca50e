import { SERVICE_MANIFEST } from '@tapinti/runtime/service-manifest';
import { serviceFor } from '../../src/route-table';

describe('the route table from the service manifest', () => {
  it('sends every prefix of a service to that service', () => {
    for (const entry of SERVICE_MANIFEST)
      for (const prefix of entry.prefixes) {
        const path = prefix.replace(/:[^/]+/g, 'b7e1c0de');
        expect([path, serviceFor(path)]).toEqual([path, entry.name]);
        expect([`${path}/more`, serviceFor(`${path}/more`)]).toEqual([`${path}/more`, entry.name]);
      }
  });

  it('lets a longer prefix of another service win over the one it extends, and matches whole segments', () => {
    expect(serviceFor('/api/organizations/42/requests')).toBe('requests');
    expect(serviceFor('/api/organizations/42/requests/7')).toBe('requests');
    expect(serviceFor('/api/organizations/42')).toBe('organizations');
    expect(serviceFor('/api/organizations/42/members')).toBe('organizations');
    expect(serviceFor('/api/password-reset/confirm')).toBe('auth');
    expect(serviceFor('/api/announcementsx')).toBeUndefined();
    expect(serviceFor('/api/nothing')).toBeUndefined();
  });
});
