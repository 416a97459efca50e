import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ToastInput } from '../components/ui/toast';
import { ApiError, serverMessage } from './api-client';
import { msg } from './i18n';

/** The toast for a refused form: the server's own message, else the form's fallback (the toast translates both). */
export function errorToast(error: unknown, fallback: string): ToastInput {
  return { title: msg('Xəta'), description: serverMessage(error, fallback), variant: 'destructive' };
}

/**
 * When the API names the field it refused (e.g. a taken username), shows its message under that
 * field too and focuses it; a field the form does not have is left to the toast.
 */
export function setServerFieldError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  if (!(error instanceof ApiError) || !error.field || !error.serverMessage) return;
  const field = fields.find((f) => f === error.field);
  if (field) setError(field, { message: error.serverMessage }, { shouldFocus: true });
}
