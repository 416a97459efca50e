import useSWR from 'swr';
import {
  INVENTORY_REPORT_ENDPOINTS,
  type OrganizationReport,
  type PlatformReport,
} from '@tapinti/contracts/inventory-reports-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';

const E = INVENTORY_REPORT_ENDPOINTS;

/** The months asked for (`YYYY-MM`); none: the server's default (the last 12 months). */
export interface ReportPeriodQuery {
  from?: string;
  to?: string;
}

/** The report's JSON, CSV and PDF addresses: an organisation's, or the platform's without one. */
export function reportUrls(period: ReportPeriodQuery, organizationId?: string) {
  const query = { from: period.from, to: period.to };
  return organizationId
    ? {
        json: apiPath(E.organizationReport.path, { id: organizationId }, query),
        csv: apiPath(E.organizationReportCsv.path, { id: organizationId }, query),
        pdf: apiPath(E.organizationReportPdf.path, { id: organizationId }, query),
      }
    : {
        json: apiPath(E.platformReport.path, {}, query),
        csv: apiPath(E.platformReportCsv.path, {}, query),
        pdf: apiPath(E.platformReportPdf.path, {}, query),
      };
}

/** GET …/inventory/reports: the organisation's office report for the period. */
export function useOrganizationReport(organizationId: string, period: ReportPeriodQuery) {
  return useSWR<OrganizationReport>(reportUrls(period, organizationId).json, (url: string) =>
    callEndpoint(E.organizationReport, { url }),
  );
}

/** GET /api/inventory/reports: the whole platform's, with a row per organisation (super admin). */
export function usePlatformReport(period: ReportPeriodQuery) {
  return useSWR<PlatformReport>(reportUrls(period).json, (url: string) =>
    callEndpoint(E.platformReport, { url }),
  );
}
