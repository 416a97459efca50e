import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compression from 'compression';
import express, { type RequestHandler } from 'express';

/** Siblings `web/scripts/compress-assets.mjs` writes at build, best first. */
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

/** Hashed build assets never change; everything else (index.html, robots.txt…) is revalidated. */
function setCacheHeaders(res: express.Response, file: string): void {
  if (file.includes(`${path.sep}assets${path.sep}`))
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}

/**
 * The built web app's files. A file with a pre-compressed sibling (`app.js.br`, `app.js.gz`) is
 * answered with the best one the client accepts, `Content-Encoding` and `Vary: Accept-Encoding`,
 * so nothing is compressed per request; other files as they are.
 */
export function precompressedStatic(webDir: string): RequestHandler {
  const root = path.resolve(webDir);
  const plain = express.static(root, {
    index: false,
    setHeaders: (res, file) => setCacheHeaders(res as express.Response, file),
  });
  // The build output does not change while the process runs: look each file up once.
  const siblings = new Map<string, Set<string>>();
  const siblingsOf = (file: string): Set<string> => {
    let found = siblings.get(file);
    if (!found) {
      found = new Set(
        ENCODINGS.filter(({ extension }) => fs.existsSync(file + extension)).map(({ name }) => name),
      );
      siblings.set(file, found);
    }
    return found;
  };

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(root, path.normalize(relative));
    if (
      !file.startsWith(root + path.sep) ||
      relative.includes('\0') ||
      !fs.statSync(file, { throwIfNoEntry: false })?.isFile()
    )
      return plain(req, res, next);
    const available = siblingsOf(file);
    if (available.size === 0) return plain(req, res, next);
    res.vary('Accept-Encoding');
    // Ours, not the client's, order among the accepted ones: browsers list gzip before br.
    const encoding = ENCODINGS.find(({ name }) => available.has(name) && req.acceptsEncodings(name) === name);
    if (!encoding) return plain(req, res, next);
    // The original's type, not the sibling's (`send` keeps a Content-Type already set).
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', encoding.name);
    setCacheHeaders(res, file);
    res.sendFile(file + encoding.extension, { cacheControl: !res.getHeader('Cache-Control') }, (err) => {
      if (err) next(err);
    });
  };
}

/**
 * JSON and HTML answers compressed on the fly (the static files are pre-compressed). Never an
 * event stream: compressing buffers it, and the audit feed's events must reach the browser at once.
 * At gzip's fastest level: a page of 200 announcements (≈ 110 KB of JSON) takes ≈ 0.8 ms instead of
 * ≈ 2 ms at the default level, for a few per cent more bytes (issue 23: it was the gateway's largest
 * cost per list request after the proxying itself).
 */
export function compressAnswers(): RequestHandler {
  return compression({
    level: zlib.constants.Z_BEST_SPEED,
    filter: (req, res) => {
      const type = String(res.getHeader('Content-Type') ?? '');
      if (type.startsWith('text/event-stream')) return false;
      return compression.filter(req, res);
    },
  });
}
