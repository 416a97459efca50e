// Makes the platform's bucket on the S3 server: compose's one-off `s3-bucket` container (the platform's
// image, so no client image is needed) and the Kubernetes trial's Job. Retries while the server starts.
const { Client } = require('minio');

const env = (name) => {
  if (!process.env[name]) throw new Error(`${name} is required`);
  return process.env[name];
};
const endpoint = new URL(env('S3_ENDPOINT'));
const bucket = env('S3_BUCKET');
const region = process.env.S3_REGION || 'us-east-1';
const client = new Client({
  endPoint: endpoint.hostname,
  port: Number(endpoint.port) || (endpoint.protocol === 'https:' ? 443 : 80),
  useSSL: endpoint.protocol === 'https:',
  accessKey: env('S3_ACCESS_KEY'),
  secretKey: env('S3_SECRET_KEY'),
  region,
  pathStyle: true,
});

async function main() {
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (!(await client.bucketExists(bucket))) await client.makeBucket(bucket, region);
      console.log(`bucket ${bucket} ready`);
      return;
    } catch (error) {
      if (attempt >= 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
