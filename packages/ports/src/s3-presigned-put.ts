import { createHash, createHmac } from 'node:crypto';

export interface PresignedPutInput {
  /** Where browsers reach S3 (the signed host), e.g. `http://127.0.0.1:7070`. */
  endpoint: string;
  bucket: string;
  key: string;
  region: string;
  accessKey: string;
  secretKey: string;
  expiresSeconds: number;
  /** Signed as a header: S3 refuses a PUT that declares any other Content-Type. */
  contentType: string;
  now: Date;
}

/** RFC 3986 percent-encoding, as SigV4 wants it (`encodeURIComponent` leaves `!'()*`). */
const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const hmac = (key: Buffer | string, value: string) => createHmac('sha256', key).update(value).digest();

/**
 * A path-style presigned PUT URL (AWS Signature V4, query parameters) whose signature covers the
 * Content-Type header: the minio client leaves Content-Type out of presigned signatures on
 * purpose, so an upload URL from it takes a body declared as anything (issue 21: text/html, SVG).
 */
export function presignedPutUrl(input: PresignedPutInput): string {
  const { endpoint, bucket, key, region, accessKey, secretKey, expiresSeconds, contentType, now } = input;
  const url = new URL(endpoint);
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${region}/s3/aws4_request`;
  const path = `/${[bucket, ...key.split('/')].map(rfc3986).join('/')}`;
  const signedHeaders = 'content-type;host';
  const query = [
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${accessKey}/${scope}`],
    ['X-Amz-Date', amzDate],
    ['X-Amz-Expires', String(expiresSeconds)],
    ['X-Amz-SignedHeaders', signedHeaders],
  ]
    .map(([name, value]) => `${rfc3986(name!)}=${rfc3986(value!)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    'PUT',
    path,
    query,
    `content-type:${contentType.trim()}\nhost:${url.host}\n`,
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretKey}`, day), region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `${url.origin}${path}?${query}&X-Amz-Signature=${signature}`;
}
