// BLOB_URL, the address of an S3-compatible bucket: `s3://BUCKET[/PREFIX]?endpoint=URL&region=R`.
// Without `endpoint` it is AWS itself; with one (MinIO, Ceph, Garage, s3rver) requests go to that
// address in path style (`URL/BUCKET/KEY`), which every S3-compatible server understands.

export interface S3Location {
  bucket: string;
  /** Put before every key: `''`, or a folder ending in `/`. */
  prefix: string;
  region: string;
  /** Undefined: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  /** Set only when both are given (else the AWS SDK's own chain: environment, files, IAM role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** S3's rules for a bucket's name (3-63 of a-z, 0-9, `.`, `-`, starting and ending alphanumeric). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PARAMS = new Set(['endpoint', 'region']);

export function parseBlobUrl(
  value: string,
  credentials?: { accessKeyId?: string | undefined; secretAccessKey?: string | undefined },
): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('not a URL; expected s3://BUCKET[/PREFIX]?endpoint=URL&region=REGION');
  }
  if (url.protocol !== 's3:') throw new Error(`scheme ${url.protocol} is not s3:`);
  if (url.username || url.password)
    throw new Error('credentials do not belong in the URL: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  if (!BUCKET.test(url.hostname)) throw new Error(`"${url.hostname}" is not a bucket name`);
  for (const key of url.searchParams.keys())
    if (!PARAMS.has(key)) throw new Error(`unknown parameter "${key}" (endpoint, region)`);
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/?#]+\/?$/.test(endpoint))
    throw new Error(`endpoint "${endpoint}" is not an http(s) address without a path`);
  const folder = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  const { accessKeyId, secretAccessKey } = credentials ?? {};
  if (!accessKeyId !== !secretAccessKey)
    throw new Error('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both or neither');
  return {
    bucket: url.hostname,
    prefix: folder ? `${folder}/` : '',
    region: url.searchParams.get('region') || 'us-east-1',
    endpoint: endpoint?.replace(/\/$/, ''),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}
