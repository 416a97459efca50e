import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registerUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { startPlatform, type Platform } from '../support/platform';

/** Every path under `dir` (itself included) with its permission bits; symbolic links left out. */
function modesUnder(dir: string): Array<{ path: string; mode: number; isDir: boolean; mtimeMs: number }> {
  const stat = fs.lstatSync(dir);
  if (stat.isSymbolicLink()) return [];
  const here = [{ path: dir, mode: stat.mode & 0o777, isDir: stat.isDirectory(), mtimeMs: stat.mtimeMs }];
  if (!stat.isDirectory()) return here;
  return [...here, ...fs.readdirSync(dir).flatMap((entry) => modesUnder(path.join(dir, entry)))];
}

const loose = (entries: ReturnType<typeof modesUnder>) =>
  entries.filter((e) => e.mode & 0o077).map((e) => `${e.path} ${e.mode.toString(8)}`);

// Embedded mode only (like embedded-restart): DATA_DIR holds PGlite's files, photos, mail and the JWT secret.
describe('DATA_DIR is private to its owner (embedded)', () => {
  let platform: Platform | undefined;
  let parent: string;
  let dataDir: string;

  beforeAll(() => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-modes-'));
    // An earlier run's DATA_DIR, as a copy or an old version left it: readable (and writable) by all.
    dataDir = path.join(parent, 'data');
    fs.mkdirSync(path.join(dataDir, 'pglite-old'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'pglite-old', 'PG_VERSION'), '17\n');
    fs.chmodSync(dataDir, 0o777);
    fs.chmodSync(path.join(dataDir, 'pglite-old'), 0o755);
    fs.chmodSync(path.join(dataDir, 'pglite-old', 'PG_VERSION'), 0o666);
  });
  afterAll(async () => {
    await platform?.stop();
    fs.rmSync(parent, { recursive: true, force: true, maxRetries: 3 });
  });

  it('is 0700 after a start, with what it holds tightened at start, photos and mail 0600, the generated JWT secret 0600', async () => {
    // No JWT_SECRET given: embedded mode generates one and keeps it in DATA_DIR.
    platform = await startPlatform('embedded', { env: { DATA_DIR: dataDir, JWT_SECRET: '' } });
    // Some writing of every kind: accounts (database), mail (.eml), a photo upload.
    const user = await registerUser(platform.url, 'rejim');
    const asked = await user.client.post('/api/objects/upload?contentType=image%2Fpng');
    const put = await fetch(new URL(asked.body.uploadURL, platform.url), {
      method: 'PUT',
      body: Buffer.from('not yet checked'),
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status).toBe(200);

    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dataDir, 'pglite-old', 'PG_VERSION')).mode & 0o777).toBe(0o600);
    // The welcome mail is written by the notifications consumer, shortly after.
    const entries = await eventually(
      () => {
        const found = modesUnder(dataDir);
        expect(found.some((e) => e.path.includes(`${path.sep}mail${path.sep}`))).toBe(true);
        return found;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const pglite = `${path.join(dataDir, 'pglite')}${path.sep}`;
    expect(entries.some((e) => e.path.startsWith(pglite))).toBe(true);
    expect(entries.some((e) => e.path.includes(`${path.sep}objects${path.sep}uploads${path.sep}`))).toBe(
      true,
    );
    // Directories, and every file but those PGlite creates while running, are the owner's alone.
    expect(loose(entries.filter((e) => e.isDir || !e.path.startsWith(pglite)))).toEqual([]);
    // PGlite makes its files 0666 whatever the umask: harmless in a 0700 directory, and those
    // present at a start are tightened then.
    const pgliteFiles = new Set(
      entries.filter((e) => !e.isDir && e.path.startsWith(pglite)).map((e) => e.path),
    );

    // Loosened by hand between two runs: tightened again at the next start.
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'jwt-secret'), 0o644);
    const restartedAt = Date.now();
    await platform.restart();
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    // Those untouched since (not written anew by the second run) are tight.
    const untouched = modesUnder(dataDir).filter(
      (e) => e.isDir || (pgliteFiles.has(e.path) && e.mtimeMs < restartedAt - 1000),
    );
    expect(untouched.filter((e) => !e.isDir).length).toBeGreaterThan(pgliteFiles.size / 2);
    expect(loose(untouched)).toEqual([]);
  });
});
