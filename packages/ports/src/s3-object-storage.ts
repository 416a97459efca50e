import type { Readable } from 'node:stream';
import type { Client } from 'minio';
import type { ObjectStorage } from './object-storage';
import { presignedPutUrl } from './s3-presigned-put';
import { assertValidObjectKey, isValidObjectKey, objectNotFound } from './object-keys';

export interface S3ObjectStorageOptions {
  /** Where this process reaches S3, e.g. `http://127.0.0.1:7070`. */
  endpoint: string;
  /** Where browsers reach S3, when different: upload URLs are signed for this host. */
  publicEndpoint?: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

const MISSING = new Set(['NotFound', 'NoSuchKey', 'NoSuchObject']);
const isMissing = (err: unknown) => MISSING.has((err as { code?: string })?.code ?? '');

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * S3-compatible storage (path-style addressing). Browsers PUT uploads straight to S3 with a
 * presigned URL; SigV4 signs the host, so those URLs are signed by a client configured with the
 * public endpoint. A presigned PUT cannot limit the size: check `stat(key).size` after upload;
 * it can hold the declared type to the one asked for (signed Content-Type, s3-presigned-put.ts).
 */
export function createS3ObjectStorage(options: S3ObjectStorageOptions): ObjectStorage {
  const { bucket, region, accessKey, secretKey } = options;
  // The client library (minio, ≈ 7 MB of heap) loads on the first call that needs it: upload URLs
  // are signed without it, and a service that keeps no files never loads it.
  let loading: Promise<Client> | undefined;
  const clientOf = () =>
    (loading ??= import('minio').then(({ Client: S3Client }) => {
      const url = new URL(options.endpoint);
      return new S3Client({
        endPoint: url.hostname,
        port: url.port ? Number(url.port) : undefined,
        useSSL: url.protocol === 'https:',
        accessKey,
        secretKey,
        region,
        pathStyle: true,
      });
    }));
  const publicEndpoint = options.publicEndpoint ?? options.endpoint;
  const publicOrigin = new URL(publicEndpoint).origin;

  async function stat(key: string) {
    try {
      const found = await (await clientOf()).statObject(bucket, key);
      const contentType = found.metaData?.['content-type'] as string | undefined;
      return { size: found.size, contentType: contentType ?? null };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  return {
    async createUploadUrl(key, { expiresSeconds, contentType }) {
      assertValidObjectKey(key);
      return presignedPutUrl({
        endpoint: publicEndpoint,
        bucket,
        key,
        region,
        accessKey,
        secretKey,
        expiresSeconds,
        contentType,
        now: new Date(),
      });
    },
    keyOfUploadUrl(uploadUrl) {
      let url: URL;
      try {
        url = new URL(uploadUrl);
      } catch {
        return null;
      }
      if (url.origin !== publicOrigin) return null;
      const bucketPath = `/${bucket}/`;
      if (!url.pathname.startsWith(bucketPath)) return null;
      let key: string;
      try {
        key = decodeURIComponent(url.pathname.slice(bucketPath.length));
      } catch {
        return null;
      }
      return isValidObjectKey(key) ? key : null;
    },
    async put(key, body, contentType) {
      assertValidObjectKey(key);
      await (await clientOf()).putObject(bucket, key, body, body.length, { 'Content-Type': contentType });
    },
    stat,
    async readStart(key, length) {
      if (length <= 0) {
        if (!(await stat(key))) throw objectNotFound();
        return Buffer.alloc(0);
      }
      try {
        return await collect(await (await clientOf()).getPartialObject(bucket, key, 0, length));
      } catch (err) {
        if (isMissing(err)) throw objectNotFound();
        // A range of an empty object is not satisfiable.
        if ((err as { code?: string }).code === 'InvalidRange') return Buffer.alloc(0);
        throw err;
      }
    },
    async read(key) {
      try {
        return await (await clientOf()).getObject(bucket, key);
      } catch (err) {
        if (isMissing(err)) throw objectNotFound();
        throw err;
      }
    },
    async remove(key) {
      try {
        await (await clientOf()).removeObject(bucket, key);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },
    async ping() {
      if (!(await (await clientOf()).bucketExists(bucket)))
        throw new Error(`bucket ${bucket} does not exist`);
    },
  };
}
