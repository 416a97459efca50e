import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from './logger';

/** The one error family: anything thrown with a status becomes `{ message }` with that status. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, field?: string) {
    super(400, message, field);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Giriş tələb olunur') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'Bu əməliyyat üçün icazəniz yoxdur') {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Tapılmadı') {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, field?: string) {
    super(409, message, field);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    message = 'Çox sayda cəhd edildi. Bir az sonra yenidən cəhd edin',
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}
/** Busy right now (e.g. password hashing at its bound): refused at once rather than queued. */
export class ServiceUnavailableError extends AppError {
  constructor(
    message = 'Xidmət hazırda çox yüklənib. Bir neçə saniyədən sonra yenidən cəhd edin',
    readonly retryAfterSeconds = 1,
  ) {
    super(503, message);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

/** A method the path does not take: 405 with the `Allow` header listing those it does. */
export class MethodNotAllowedError extends AppError {
  constructor(readonly allow: readonly string[]) {
    super(405, 'Bu ünvan bu HTTP metodu ilə işləmir');
  }
}

/**
 * The first zod issue, as the user-facing message and the field it belongs to. A record's key that
 * its key schema refused is told by that schema's own message (a NUL in a key is a text with a
 * character not allowed, not a record of the wrong type).
 */
export function validationErrorFrom(error: ZodError): ValidationError {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : undefined;
  const cause = issue?.code === 'invalid_key' ? (issue.issues[0] ?? issue) : issue;
  return new ValidationError(cause?.message ?? 'Yanlış məlumat', field);
}

interface BodyParserError {
  type?: string;
  status?: number;
}

/** One error handler for every app: no stack traces or internals ever reach a client. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    let error: AppError;
    if (err instanceof AppError) error = err;
    else if (err instanceof ZodError) error = validationErrorFrom(err);
    else if ((err as BodyParserError)?.type === 'entity.parse.failed')
      error = new ValidationError('Sorğunun gövdəsi düzgün JSON deyil');
    else if ((err as BodyParserError)?.type === 'entity.too.large')
      error = new PayloadTooLargeError('Sorğunun gövdəsi çox böyükdür');
    else if ((err as BodyParserError)?.status && (err as BodyParserError).status! < 500)
      error = new AppError((err as BodyParserError).status!, 'Yanlış sorğu');
    else {
      logger.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
      error = new AppError(500, 'Daxili xəta baş verdi. Bir az sonra yenidən cəhd edin');
    }
    if (res.headersSent) return;
    if (
      (error instanceof TooManyRequestsError || error instanceof ServiceUnavailableError) &&
      error.retryAfterSeconds
    )
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
    if (error instanceof MethodNotAllowedError) res.setHeader('Allow', error.allow.join(', '));
    res
      .status(error.status)
      .json(error.field ? { message: error.message, field: error.field } : { message: error.message });
  };
}
