/**
 * A real S3-protocol server on loopback for the S3 file store's tests and bench:files: `s3rver` from npm (HTTP, the
 * S3 REST API, objects in a temporary directory), with every request it answered recorded. What s3rver 3.7.1 does
 * not do: AbortMultipartUpload (405 MethodNotAllowed: an aborted upload's parts stay in its directory, never an
 * object), ListMultipartUploads and UploadPartCopy (501 NotImplemented).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../src/platform/s3-file-store.js';

export type S3Request = { method: string; url: string; status: number };

export type S3Server = {
  endpoint: string;
  bucket: string;
  /** Every request answered, in order. */
  requests: S3Request[];
  /** The store's settings for this server, the objects under `prefix` in the bucket. */
  settings(prefix?: string): S3Settings;
  /** A client of its own, to look at the bucket as an operator would. */
  client: S3Client;
  /** Keys in the bucket under `prefix`. */
  keys(prefix: string): Promise<string[]>;
  close(): Promise<void>;
};

/** s3rver's one account. */
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Server(bucket = 'casedesk-test'): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'casedesk-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const requests: S3Request[] = [];
  server.httpServer.on('request', (req, res) =>
    res.on('finish', () => requests.push({ method: req.method ?? '', url: req.url ?? '', status: res.statusCode })),
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (prefix = 'casedesk/'): S3Settings => ({
    bucket,
    prefix,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials,
  });
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint,
    bucket,
    requests,
    settings,
    client,
    async keys(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
