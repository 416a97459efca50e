import type { Express, Response } from 'express';
import { AUDIT_FEED_ENDPOINTS, AUDIT_STREAM_EVENT } from '@tapinti/contracts/audit-api';
import { mountEndpoints } from '@tapinti/platform/endpoint-route';
import type { UseCases } from './routes';

/** A comment line every 15 s keeps proxies (the gateway's 30 s idle timeout) from closing the stream. */
const KEEP_ALIVE_MS = 15_000;

/** Writes and waits for the socket when its buffer is full. */
async function write(res: Response, chunk: string): Promise<void> {
  if (!res.write(chunk)) await new Promise<void>((resolve) => res.once('drain', resolve));
}

/**
 * GET /api/audit-logs/stream (server-sent events) and GET /api/analytics/exports/:kind (CSV),
 * super_admin only (401 signed out, 403 others), as declared in AUDIT_FEED_ENDPOINTS.
 */
export function auditFeedRoutes(app: Express, { auditLogs }: UseCases): void {
  mountEndpoints(app, AUDIT_FEED_ENDPOINTS, {
    stream: async ({ req, res }) => {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.write('retry: 5000\n: connected\n\n');
      const unsubscribe = await auditLogs.subscribe((entry, seq) => {
        res.write(`id: ${seq}\nevent: ${AUDIT_STREAM_EVENT}\ndata: ${JSON.stringify(entry)}\n\n`);
      });
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      await new Promise<void>((resolve) => {
        if (req.socket.destroyed) return resolve();
        res.on('close', () => resolve());
      });
      clearInterval(keepAlive);
      unsubscribe();
    },

    export: async ({ params, query, res }) => {
      const day = new Date().toISOString().slice(0, 10);
      res.writeHead(200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="tapinti-${params.kind}-${day}.csv"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      for await (const chunk of auditLogs.exportLines(params.kind, query)) {
        if (res.destroyed) return;
        await write(res, chunk);
      }
      res.end();
    },
  });
}
