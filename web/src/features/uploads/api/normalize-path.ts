import { z } from 'zod';
import { normalizePathRequestSchema } from '@tapinti/contracts/announcements-api';
import { apiRequest } from '../../../lib/api-client';

const normalizedSchema = z.object({ normalizedPath: z.string().min(1) });

/** POST /api/objects/normalize-path {uploadURL} → '/objects/<id>', where the image is served. */
export async function normalizePath(uploadURL: string): Promise<string> {
  const body = normalizePathRequestSchema.parse({ uploadURL });
  const { normalizedPath } = await apiRequest('POST', '/api/objects/normalize-path', {
    body,
    schema: normalizedSchema,
  });
  return normalizedPath;
}
