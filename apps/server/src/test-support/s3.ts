// An S3-compatible server for tests: s3rver (an npm package, files in a temporary folder) on a
// random loopback port, with one bucket, and the BLOB_URL and credentials that reach it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const TEST_BUCKET = 'invoices';

export interface TestS3 {
  endpoint: string;
  /** The service's settings for this server (BLOB_URL with `prefix`, and its fixed keys). */
  env(prefix?: string): Record<string, string>;
  stop(): Promise<void>;
}

export async function startTestS3(port = 0): Promise<TestS3> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ir-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  const info = await server.run();
  const endpoint = `http://127.0.0.1:${info.port}`;
  return {
    endpoint,
    env: (prefix = '') => ({
      BLOB_URL: `s3://${TEST_BUCKET}/${prefix}?endpoint=${endpoint}`,
      // s3rver's own fixed pair.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
