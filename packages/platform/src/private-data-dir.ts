import fs from 'node:fs';
import path from 'node:path';

/** Owner only: the data directory and everything in it (database, files, mail, secrets). */
const PRIVATE_DIR_MODE = 0o700;
const GROUP_AND_OTHERS = 0o077;

/**
 * Makes `dir` (embedded mode's DATA_DIR) private to the user running the platform: created 0700,
 * and — since an older version, a hand copy or PGlite (which creates its files 0666) may have
 * left looser modes — every directory and file under it stripped of group and others' bits.
 * Symbolic links are left alone (never followed). A file this user cannot tighten stops the start.
 */
export function makeDataDirPrivate(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir);
}

function tighten(target: string): void {
  const stat = fs.lstatSync(target);
  if (stat.isSymbolicLink()) return;
  if (stat.mode & GROUP_AND_OTHERS) {
    fs.chmodSync(target, stat.mode & 0o7777 & ~GROUP_AND_OTHERS);
  }
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(target)) tighten(path.join(target, entry));
  }
}

/** Writes a secret readable by this user only (0600), whatever the process umask. */
export function writePrivateFile(file: string, contents: string): void {
  fs.writeFileSync(file, contents, { mode: 0o600, flag: 'wx' });
  fs.chmodSync(file, 0o600);
}
