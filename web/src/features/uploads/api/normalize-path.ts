import { PHOTO_ENDPOINTS, normalizePathRequestSchema } from '@tapinti/contracts/announcements-api';
import { callEndpoint } from '../../../lib/api-endpoint';

/** POST /api/objects/normalize-path {uploadURL} → '/objects/<id>', where the image is served. */
export async function normalizePath(uploadURL: string): Promise<string> {
  const body = normalizePathRequestSchema.parse({ uploadURL });
  const { normalizedPath } = await callEndpoint(PHOTO_ENDPOINTS.normalizePath, { body });
  return normalizedPath;
}
