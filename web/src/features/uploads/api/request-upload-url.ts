import { PHOTO_ENDPOINTS } from '@tapinti/contracts/announcements-api';
import { callEndpoint } from '../../../lib/api-endpoint';

/**
 * POST /api/objects/upload → where to PUT the file: a relative `/api/objects/uploads/<token>` in
 * embedded mode, an absolute presigned storage URL in distributed mode.
 */
export async function requestUploadUrl(contentType: string): Promise<string> {
  // The type the PUT declares: a presigned URL signs it, so storage refuses any other.
  const { uploadURL } = await callEndpoint(PHOTO_ENDPOINTS.uploadUrl, { query: { contentType } });
  return uploadURL;
}
