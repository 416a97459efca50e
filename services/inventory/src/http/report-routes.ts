import type { Express, Response } from 'express';
import { INVENTORY_REPORT_ENDPOINTS } from '@tapinti/contracts/inventory-reports-api';
import { mountEndpoints } from '@tapinti/platform/endpoint-route';
import type { Reports } from '../application/reports';
import { sendPdf } from './routes';

/** A CSV the browser saves (attachment); UTF-8 with a BOM (in the text) so Excel reads ə. */
function sendCsv(res: Response, { filename, csv }: { filename: string; csv: string }): void {
  const body = Buffer.from(csv, 'utf8');
  res.writeHead(200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
}

/** The office's reports: an organisation's and the platform's, as JSON, CSV and PDF. */
export function reportRoutes(app: Express, reports: Reports): void {
  mountEndpoints(app, INVENTORY_REPORT_ENDPOINTS, {
    organizationReport: ({ params, query, caller }) => reports.organizationReport(caller, params.id, query),
    organizationReportCsv: async ({ params, query, caller, res }) =>
      sendCsv(res, await reports.organizationReportCsv(caller, params.id, query)),
    organizationReportPdf: async ({ params, query, caller, res }) =>
      sendPdf(res, await reports.organizationReportPdf(caller, params.id, query)),
    platformReport: ({ query }) => reports.platformReport(query),
    platformReportCsv: async ({ query, res }) => sendCsv(res, await reports.platformReportCsv(query)),
    platformReportPdf: async ({ query, res }) => sendPdf(res, await reports.platformReportPdf(query)),
  });
}
