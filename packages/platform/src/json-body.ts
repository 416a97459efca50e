import express, { type RequestHandler } from 'express';
import secureJson from 'secure-json-parse';
import { AppError, PayloadTooLargeError, ValidationError } from './errors';

/** Deeper bodies are refused: no request needs more, and deep values overflow recursive code later on. */
export const MAX_JSON_DEPTH = 32;

export const JSON_BODY_MESSAGES = {
  malformed: 'Sorğunun gövdəsi düzgün JSON deyil',
  tooDeep: `Sorğunun gövdəsi çox dərin iç-içədir (ən çox ${MAX_JSON_DEPTH} səviyyə)`,
  notUtf8: 'Sorğunun gövdəsi düzgün UTF-8 mətni deyil',
  forbiddenKey: 'Sorğunun gövdəsində icazə verilməyən açar var (__proto__ və ya constructor.prototype)',
  tooLarge: 'Sorğunun gövdəsi çox böyükdür',
  encoding: 'Sorğunun gövdəsinin bu sıxılma üsulu qəbul edilmir (yalnız gzip və ya deflate)',
  badCompression: 'Sıxılmış sorğu gövdəsi açıla bilmədi',
  incomplete: 'Sorğunun gövdəsi natamamdır',
} as const;

/** Content-Encodings a JSON body may have; anything else (br, zstd, compress, …) is a 415. */
const ACCEPTED_ENCODINGS = new Set(['identity', 'gzip', 'deflate']);

const isJson = (contentType: string | undefined) =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';

/** UTF-8 only (RFC 8259 §8.1; a `charset` parameter changes nothing); a leading BOM is dropped. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Whether the JSON text nests arrays and objects deeper than `max` (strings skipped). */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * A request body's JSON value: UTF-8, an object or an array (empty: `{}`), at most MAX_JSON_DEPTH
 * deep, without `__proto__` or `constructor.prototype` keys (which could change what objects built
 * from it inherit). Anything else is a 400 with an Azerbaijani message.
 */
export function parseJsonBody(bytes: Buffer): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new ValidationError(JSON_BODY_MESSAGES.notUtf8);
  }
  const start = text.trimStart();
  if (start === '') return {};
  if (start[0] !== '{' && start[0] !== '[') throw new ValidationError(JSON_BODY_MESSAGES.malformed);
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new ValidationError(JSON_BODY_MESSAGES.tooDeep);
  try {
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (err) {
    const forbidden = /forbidden prototype property/.test((err as Error).message);
    throw new ValidationError(forbidden ? JSON_BODY_MESSAGES.forbiddenKey : JSON_BODY_MESSAGES.malformed);
  }
}

interface BodyReadError {
  type?: string;
  status?: number;
  code?: string;
}

/** What reading the bytes went wrong with, as the error the client gets. */
function readError(err: BodyReadError): Error {
  if (err.type === 'encoding.unsupported') return new AppError(415, JSON_BODY_MESSAGES.encoding);
  if (err.type === 'entity.too.large') return new PayloadTooLargeError(JSON_BODY_MESSAGES.tooLarge);
  if (err.type === 'request.aborted' || err.type === 'request.size.invalid')
    return new ValidationError(JSON_BODY_MESSAGES.incomplete);
  if (typeof err.code === 'string' && err.code.startsWith('Z_'))
    return new ValidationError(JSON_BODY_MESSAGES.badCompression);
  if (err.status && err.status < 500) return new ValidationError(JSON_BODY_MESSAGES.malformed);
  return err as Error;
}

/**
 * The JSON body parser of every service: `application/json` bodies of at most `limit` bytes once
 * inflated (gzip or deflate) become `req.body` through `parseJsonBody`; an encoding it does not
 * accept is a 415, a body it cannot read a 400 (413 when too large). Other bodies are left alone.
 */
export function jsonBody(options: { limit: string | number }): RequestHandler {
  const readBytes = express.raw({ type: 'application/json', limit: options.limit, inflate: true });
  return (req, res, next) => {
    if (!isJson(req.headers['content-type'])) return next();
    const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if (!ACCEPTED_ENCODINGS.has(encoding)) {
      // The bytes are not read: the answer closes the connection rather than leave them in it.
      res.setHeader('Connection', 'close');
      return next(new AppError(415, JSON_BODY_MESSAGES.encoding));
    }
    readBytes(req, res, (err?: unknown) => {
      if (err) return next(readError(err as BodyReadError));
      if (!Buffer.isBuffer(req.body)) return next();
      try {
        req.body = parseJsonBody(req.body);
        next();
      } catch (parseErr) {
        next(parseErr);
      }
    });
  };
}
