#!/usr/bin/env node
// Local SMTP sink + web inbox for development and tests.
//
//   SMTP  127.0.0.1:1025  (no auth, no TLS) — every message is stored raw as <MAIL_DIR>/<id>.eml
//   HTTP  127.0.0.1:8025
//     GET    /                       HTML inbox
//     GET    /api/messages           JSON [{id, from, to, subject, date, size, envelope}] newest first
//                                    (?to=addr filters on To/Cc/envelope recipients, case-insensitive)
//     GET    /api/messages/:id       raw message (text/plain)
//     GET    /api/messages/:id?format=json  {id, from, to, cc, subject, date, size, envelope, headers, text, html}
//     DELETE /api/messages/:id       delete one
//     DELETE /api/messages           delete all
//     GET    /healthz                "ok"
//
// Env: MAIL_DIR (default <repo>/.stack/mail), SMTP_SINK_HOST (127.0.0.1),
//      SMTP_SINK_PORT (1025), MAIL_HTTP_PORT (8025).
// Run: node infra/local/smtp-sink.mjs

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import smtpServerPkg from 'smtp-server';

const { SMTPServer } = smtpServerPkg;

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const HOST = process.env.SMTP_SINK_HOST || '127.0.0.1';
const SMTP_PORT = Number(process.env.SMTP_SINK_PORT || 1025);
const HTTP_PORT = Number(process.env.MAIL_HTTP_PORT || 8025);
const MAIL_DIR = path.resolve(
  process.env.MAIL_DIR || path.join(process.env.TAPINTI_STATE || path.join(repoRoot, '.stack'), 'mail'),
);
const MAX_SIZE = 50 * 1024 * 1024;

fs.mkdirSync(MAIL_DIR, { recursive: true });

const log = (...args) => console.log(new Date().toISOString(), ...args);

// ------------------------------------------------------------------ storage
let seq = 0;
function newId() {
  // Sortable by arrival time, unique within and across processes.
  const ts = Date.now().toString().padStart(15, '0');
  seq = (seq + 1) % 1e6;
  return `${ts}-${String(seq).padStart(6, '0')}-${crypto.randomBytes(3).toString('hex')}`;
}

const ID_RE = /^[0-9a-zA-Z_-]+$/;
const emlPath = (id) => path.join(MAIL_DIR, `${id}.eml`);
const metaPath = (id) => path.join(MAIL_DIR, `${id}.json`);

function storeMessage(raw, envelope) {
  const id = newId();
  const meta = { receivedAt: new Date().toISOString(), envelope };
  // Write to temp names and rename, so readers never see half a message.
  fs.writeFileSync(metaPath(id) + '.tmp', JSON.stringify(meta));
  fs.renameSync(metaPath(id) + '.tmp', metaPath(id));
  fs.writeFileSync(emlPath(id) + '.tmp', raw);
  fs.renameSync(emlPath(id) + '.tmp', emlPath(id));
  return id;
}

function listIds() {
  let names;
  try {
    names = fs.readdirSync(MAIL_DIR);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.eml'))
    .map((n) => n.slice(0, -4))
    .sort()
    .reverse();
}

function readMeta(id) {
  try {
    return JSON.parse(fs.readFileSync(metaPath(id), 'utf8'));
  } catch {
    return { receivedAt: null, envelope: { from: '', to: [] } };
  }
}

// ------------------------------------------------------------------ minimal MIME parsing
function splitHeaderBody(raw) {
  const m = /\r?\n\r?\n/.exec(raw);
  if (!m) return { head: raw, body: '' };
  return { head: raw.slice(0, m.index), body: raw.slice(m.index + m[0].length) };
}

function parseHeaders(head) {
  const headers = {};
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const key = line.slice(0, i).trim().toLowerCase();
    const value = line.slice(i + 1).trim();
    if (key in headers) headers[key] += `, ${value}`;
    else headers[key] = value;
  }
  return headers;
}

function decodeCharset(buf, charset) {
  const cs = (charset || 'utf-8').toLowerCase();
  try {
    return new TextDecoder(cs).decode(buf);
  } catch {
    return buf.toString('utf8');
  }
}

function decodeQP(str, { header = false, encoding = 'utf8' } = {}) {
  let s = header ? str.replace(/_/g, ' ') : str.replace(/=\r?\n/g, '');
  const bytes = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of Buffer.from(c, encoding)) bytes.push(b);
    }
  }
  return Buffer.from(bytes);
}

// RFC 2047 encoded words: =?charset?B|Q?text?=
function decodeWords(value) {
  if (!value) return '';
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?[^?]+\?[BbQq]\?[^?]*\?=)/g, '$1')
    .replace(/=\?([^?*]+)(?:\*[^?]*)?\?([BbQq])\?([^?]*)\?=/g, (_, charset, enc, text) => {
      const buf = enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQP(text, { header: true });
      return decodeCharset(buf, charset);
    });
}

function headerParam(value, name) {
  if (!value) return undefined;
  const re = new RegExp(`(?:^|;)\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]*))`, 'i');
  const m = re.exec(value);
  return m ? (m[1] ?? m[2]) : undefined;
}

function decodeBody(body, headers) {
  const cte = (headers['content-transfer-encoding'] || '7bit').toLowerCase();
  const charset = headerParam(headers['content-type'], 'charset');
  let buf;
  if (cte === 'base64') buf = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  else if (cte === 'quoted-printable') buf = decodeQP(body, { encoding: 'latin1' });
  else buf = Buffer.from(body, 'latin1'); // raw was read as latin1: bytes preserved
  return decodeCharset(buf, charset);
}

// Walks the MIME tree and collects the first text/plain and text/html parts.
function extractBodies(head, body, out = { text: null, html: null }, depth = 0) {
  const headers = parseHeaders(head);
  const ctype = (headers['content-type'] || 'text/plain').toLowerCase();
  if (ctype.startsWith('multipart/') && depth < 10) {
    const boundary = headerParam(headers['content-type'], 'boundary');
    if (!boundary) return out;
    const parts = body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    for (const part of parts.slice(1)) {
      if (part.startsWith('--')) break;
      const p = splitHeaderBody(part.replace(/^[ \t]*\r?\n/, ''));
      extractBodies(p.head, p.body, out, depth + 1);
    }
  } else if (ctype.startsWith('text/html')) {
    if (out.html === null) out.html = decodeBody(body, headers);
  } else if (ctype.startsWith('text/')) {
    if (out.text === null) out.text = decodeBody(body, headers);
  }
  return out;
}

const summaryCache = new Map(); // id -> summary (messages are immutable)

function summarize(id) {
  if (summaryCache.has(id)) return summaryCache.get(id);
  let raw;
  try {
    raw = fs.readFileSync(emlPath(id), 'latin1');
  } catch {
    return null;
  }
  const { head } = splitHeaderBody(raw);
  const headers = parseHeaders(Buffer.from(head, 'latin1').toString('utf8'));
  const meta = readMeta(id);
  const envelope = meta.envelope || { from: '', to: [] };
  let date = meta.receivedAt;
  if (headers.date) {
    const d = new Date(headers.date);
    if (!Number.isNaN(d.getTime())) date = d.toISOString();
  }
  const summary = {
    id,
    from: decodeWords(headers.from) || envelope.from || '',
    to: decodeWords(headers.to) || (envelope.to || []).join(', '),
    subject: decodeWords(headers.subject),
    date,
    size: Buffer.byteLength(raw, 'latin1'),
    envelope,
    receivedAt: meta.receivedAt,
    cc: decodeWords(headers.cc),
  };
  summaryCache.set(id, summary);
  return summary;
}

function fullMessage(id) {
  const summary = summarize(id);
  if (!summary) return null;
  const raw = fs.readFileSync(emlPath(id), 'latin1');
  const { head, body } = splitHeaderBody(raw);
  const headers = parseHeaders(Buffer.from(head, 'latin1').toString('utf8'));
  for (const k of Object.keys(headers)) headers[k] = decodeWords(headers[k]);
  const { text, html } = extractBodies(head, body);
  return { ...summary, headers, text, html };
}

function deleteMessage(id) {
  summaryCache.delete(id);
  let found = false;
  for (const p of [emlPath(id), metaPath(id)]) {
    try {
      fs.unlinkSync(p);
      found = true;
    } catch {
      /* already gone */
    }
  }
  return found;
}

// ------------------------------------------------------------------ SMTP
const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  hideSTARTTLS: true,
  logger: false,
  size: MAX_SIZE,
  banner: 'tapinti local smtp sink',
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('error', callback);
    stream.on('end', () => {
      if (stream.sizeExceeded) {
        const err = new Error('Message exceeds fixed maximum message size');
        err.responseCode = 552;
        return callback(err);
      }
      try {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        const id = storeMessage(Buffer.concat(chunks), envelope);
        log(`stored ${id} from=<${envelope.from}> to=<${envelope.to.join(',')}>`);
        callback(null, `Queued as ${id}`);
      } catch (err) {
        log('store failed', err);
        callback(err);
      }
    });
  },
});
smtp.on('error', (err) => log('smtp error:', err.message));

// ------------------------------------------------------------------ HTTP
const esc = (s) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

function send(res, status, body, type = 'application/json; charset=utf-8') {
  const data = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'access-control-allow-origin': '*',
  });
  res.end(data);
}

function listSummaries(toFilter) {
  const out = [];
  for (const id of listIds()) {
    const s = summarize(id);
    if (!s) continue;
    if (toFilter) {
      const hay = [s.to, s.cc, ...(s.envelope?.to || [])].join(' ').toLowerCase();
      if (!hay.includes(toFilter.toLowerCase())) continue;
    }
    out.push(s);
  }
  return out;
}

function inboxHtml() {
  const rows = listSummaries()
    .map(
      (m) =>
        `<tr><td>${esc(m.date)}</td><td>${esc(m.from)}</td><td>${esc(m.to)}</td>` +
        `<td><a href="/api/messages/${esc(m.id)}">${esc(m.subject || '(no subject)')}</a></td>` +
        `<td><a href="/api/messages/${esc(m.id)}?format=json">json</a></td><td>${m.size}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Local mail inbox</title>
<style>body{font-family:sans-serif;margin:1.5rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left;font-size:.9rem}</style></head>
<body><h1>Local mail inbox</h1><p>SMTP ${esc(HOST)}:${SMTP_PORT} &middot; ${listIds().length} message(s) &middot;
<a href="/api/messages">JSON</a></p>
<table><thead><tr><th>Date</th><th>From</th><th>To</th><th>Subject</th><th></th><th>Size</th></tr></thead>
<tbody>${rows || '<tr><td colspan="6">No messages.</td></tr>'}</tbody></table></body></html>`;
}

const httpServer = http.createServer((req, res) => {
  try {
    const url = new URL(req.url, `http://${req.headers.host || 'localhost'}`);
    const parts = url.pathname.replace(/\/+$/, '').split('/').filter(Boolean);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, DELETE, OPTIONS',
        'access-control-allow-headers': '*',
      });
      return res.end();
    }
    if (parts.length === 0 && req.method === 'GET')
      return send(res, 200, inboxHtml(), 'text/html; charset=utf-8');
    if (parts[0] === 'healthz') return send(res, 200, 'ok\n', 'text/plain');
    if (parts[0] === 'api' && parts[1] === 'messages') {
      if (parts.length === 2) {
        if (req.method === 'GET') return send(res, 200, listSummaries(url.searchParams.get('to')));
        if (req.method === 'DELETE') {
          let n = 0;
          for (const id of listIds()) if (deleteMessage(id)) n++;
          summaryCache.clear();
          return send(res, 200, { deleted: n });
        }
      }
      if (parts.length === 3) {
        const id = decodeURIComponent(parts[2]);
        if (!ID_RE.test(id)) return send(res, 400, { error: 'bad id' });
        if (req.method === 'GET') {
          if (url.searchParams.get('format') === 'json') {
            const m = fullMessage(id);
            return m ? send(res, 200, m) : send(res, 404, { error: 'not found' });
          }
          let raw;
          try {
            raw = fs.readFileSync(emlPath(id));
          } catch {
            return send(res, 404, { error: 'not found' });
          }
          return send(res, 200, raw, 'text/plain; charset=utf-8');
        }
        if (req.method === 'DELETE') {
          return deleteMessage(id) ? send(res, 200, { deleted: 1 }) : send(res, 404, { error: 'not found' });
        }
      }
      return send(res, 405, { error: 'method not allowed' });
    }
    return send(res, 404, { error: 'not found' });
  } catch (err) {
    log('http error', err);
    return send(res, 500, { error: String(err?.message || err) });
  }
});

// ------------------------------------------------------------------ lifecycle
function listen(server, port, name) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      log(`${name} listening on ${HOST}:${port}`);
      resolve();
    });
  });
}

try {
  await listen(smtp.server, SMTP_PORT, 'smtp');
  await listen(httpServer, HTTP_PORT, 'http inbox');
} catch (err) {
  log(`cannot listen: ${err.message}`);
  process.exit(1);
}
log(`storing messages in ${MAIL_DIR}`);

let closing = false;
function shutdown(signal) {
  if (closing) return;
  closing = true;
  log(`${signal}: shutting down`);
  const timer = setTimeout(() => process.exit(0), 3000);
  timer.unref();
  httpServer.close();
  httpServer.closeAllConnections?.();
  smtp.close(() => process.exit(0));
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
