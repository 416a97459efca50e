import { AUDIT_FEED_ENDPOINTS, EXPORT_KINDS, type ExportKind } from '@tapinti/contracts/audit-api';
import { ApiError } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

/** What the exports tab offers: CSV files the audit service streams (super admin). */
export { EXPORT_KINDS, type ExportKind };

/** GET /api/analytics/exports/:kind?fromDate=: a CSV file (UTF-8 with BOM). */
export const EXPORT_PATH = AUDIT_FEED_ENDPOINTS.export.path;

export const exportUrl = (kind: ExportKind, fromDate?: string) =>
  apiPath(EXPORT_PATH, { kind }, { fromDate });

const fileName = (res: Response, kind: ExportKind) => {
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match ? decodeURIComponent(match[1]!) : `tapinti-${kind}.csv`;
};

/** Downloads the export (cookies included) and saves it under the server's file name. */
export async function downloadExport(kind: ExportKind, fromDate?: string): Promise<string> {
  const res = await fetch(exportUrl(kind, fromDate), {
    credentials: 'include',
    headers: { Accept: 'text/csv' },
  });
  if (!res.ok) throw new ApiError(res.status, await res.text().catch(() => ''), res.statusText);
  const blob = await res.blob();
  const name = fileName(res, kind);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
