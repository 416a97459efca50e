import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const uploadUrlSchema = z.object({ uploadURL: z.string().min(1) });

/**
 * POST /api/objects/upload → where to PUT the file: a relative `/api/objects/uploads/<token>` in
 * embedded mode, an absolute presigned storage URL in distributed mode.
 */
export async function requestUploadUrl(): Promise<string> {
  const { uploadURL } = await apiRequest('POST', '/api/objects/upload', { schema: uploadUrlSchema });
  return uploadURL;
}
