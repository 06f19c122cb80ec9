import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './db.js';
import { s3PathPrefix, type FileStore } from './file-store.js';

/** FILE_STORE=s3://<bucket>[/<folder>] with S3_ENDPOINT, S3_FORCE_PATH_STYLE and Amazon's AWS_* variables. */
export type S3Settings = {
  bucket: string;
  /** The folder inside the bucket: '' or ending in '/'. */
  prefix: string;
  endpoint?: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's usual chain (a profile, an instance's or container's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
};

/** What the `file.sweep` job (file module, which reads `stored_file`) does in the bucket. */
export type S3Bucket = {
  /** Deletes the objects of these contents; throws when one could not be deleted. */
  removeContents(sha256s: string[]): Promise<void>;
  /** Temporary objects and multipart uploads begun before `before` and never finished (their process died). */
  removeAbandoned(before: Date): Promise<{ objects: number; uploads: number }>;
};

/** Bytes per part of a multipart upload: S3's smallest (only the last may be shorter); one part in memory per upload. */
export const s3PartBytes = 5 * 1024 * 1024;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * Bytes in an S3-compatible bucket, content-addressed like the database store: the object `<prefix>files/<sha256>`,
 * `path` `s3:<sha256>`. The hash is known only once the last byte has passed, and S3 cannot rename, so an upload goes
 * (a multipart upload, one 5 MB part at a time) to `<prefix>tmp/<ms>-<random>`, and is then copied to
 * its content's name inside the bucket (CopyObject: no byte comes back through the server) unless that content is
 * there already, and the temporary object deleted. Objects named by their hash keep the bucket readable without the
 * database and let a read go straight to the object. A `file_object` row per content is the lock the bucket lacks:
 * the upload claims it before the copy, and the sweep deletes an unused content's row and object together.
 */
export function s3FileStore(db: Db, settings: S3Settings): FileStore & { kind: 's3'; bucket: S3Bucket } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // The SDK's default CRC32 on every request is not taken by every S3-compatible server; there only where required.
    ...(settings.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const }
      : {}),
  });
  const Bucket = settings.bucket;
  const contentKey = (sha256: string) => `${settings.prefix}files/${sha256}`;
  const temporaryPrefix = `${settings.prefix}tmp/`;
  const hashOf = (path: string) => path.slice(s3PathPrefix.length);
  const exists = (Key: string) =>
    client.send(new HeadObjectCommand({ Bucket, Key })).then(
      () => true,
      (error: unknown) => {
        if (isMissing(error)) return false;
        throw error;
      },
    );
  const remove = (Key: string) => client.send(new DeleteObjectCommand({ Bucket, Key }));
  /** DeleteObjects, 1,000 keys per request (S3's most). */
  const removeAll = async (keys: string[]) => {
    for (let at = 0; at < keys.length; at += 1000) {
      const Objects = keys.slice(at, at + 1000).map((Key) => ({ Key }));
      const out = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      if (out.Errors?.length) throw new Error(`S3 kept ${out.Errors.length} objects: ${out.Errors[0]?.Message}`);
    }
  };

  const bucket: S3Bucket = {
    removeContents: (sha256s) => removeAll(sha256s.map(contentKey)),
    async removeAbandoned(before) {
      let objects = 0;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: temporaryPrefix, ContinuationToken: token }),
        );
        // The key holds the time its upload began.
        const old = (page.Contents ?? [])
          .map((o) => o.Key ?? '')
          .filter((key) => Number(key.slice(temporaryPrefix.length).split('-')[0]) < before.getTime());
        await removeAll(old);
        objects += old.length;
        token = page.NextContinuationToken;
      } while (token);
      let uploads = 0;
      try {
        const listed = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: temporaryPrefix }));
        for (const upload of listed.Uploads ?? []) {
          if (!upload.Initiated || upload.Initiated >= before) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
          uploads++;
        }
      } catch (error) {
        // Some S3-compatible servers list no multipart uploads (s3rver); a lifecycle rule covers those.
        if (!(error instanceof S3ServiceException && error.name === 'NotImplemented')) throw error;
      }
      return { objects, uploads };
    },
  };

  return {
    kind: 's3',
    bucket,
    async put(content) {
      const temporary = `${temporaryPrefix}${Date.now()}-${randomBytes(12).toString('hex')}`;
      const hash = createHash('sha256');
      let size = 0;
      // One part's buffer, filled and sent in turn: a 20 MB upload holds 5 MB, whatever its length.
      const part = Buffer.allocUnsafe(s3PartBytes);
      let filled = 0;
      let uploadId: string | undefined;
      const parts: { PartNumber: number; ETag: string | undefined }[] = [];
      const sendPart = async () => {
        uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key: temporary }))).UploadId;
        const PartNumber = parts.length + 1;
        const body = part.subarray(0, filled);
        const { ETag } = await client.send(
          new UploadPartCommand({ Bucket, Key: temporary, UploadId: uploadId, PartNumber, Body: body }),
        );
        parts.push({ PartNumber, ETag });
        filled = 0;
      };
      try {
        for await (const chunk of content) {
          hash.update(chunk);
          size += chunk.length;
          for (let at = 0; at < chunk.length;) {
            const copied = chunk.copy(part, filled, at);
            filled += copied;
            at += copied;
            // The client's next bytes wait in its socket meanwhile.
            if (filled === part.length) await sendPart();
          }
        }
        if (uploadId === undefined) {
          await client.send(new PutObjectCommand({ Bucket, Key: temporary, Body: part.subarray(0, filled) }));
        } else {
          if (filled > 0) await sendPart();
          await client.send(
            new CompleteMultipartUploadCommand({
              Bucket,
              Key: temporary,
              UploadId: uploadId,
              MultipartUpload: { Parts: parts },
            }),
          );
        }
      } catch (error) {
        // A source that threw (a refusal, a client gone mid-body) or a failed part: no object, and no parts kept.
        if (uploadId !== undefined)
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key: temporary, UploadId: uploadId }))
            .catch(() => undefined);
        throw error;
      }
      const sha256 = hash.digest('hex');
      try {
        // The claim touches the content's row (a sweep deciding on it waits, then sees it touched and keeps it for
        // the hour's grace); the copy follows outside the transaction, which holds no connection across a call to S3.
        const [claim] = await rowsOf<{ inserted: boolean }>(
          db,
          sql`insert into file_object (sha256, size) values (${sha256}, ${size})
              on conflict (sha256) do update set touched_at = now()
              returning (xmax = 0) as inserted`,
        );
        // A known content whose object is gone (a bucket emptied by hand, another bucket set) is written again.
        if (claim?.inserted || !(await exists(contentKey(sha256))))
          await client.send(
            new CopyObjectCommand({ Bucket, Key: contentKey(sha256), CopySource: `${Bucket}/${temporary}` }),
          );
      } finally {
        // A failure here leaves the temporary object to the sweep.
        await remove(temporary).catch(() => undefined);
      }
      return { path: s3PathPrefix + sha256, sha256, size };
    },
    get(file) {
      async function* read(): AsyncGenerator<Buffer> {
        let body: Readable;
        try {
          const out = await client.send(new GetObjectCommand({ Bucket, Key: contentKey(hashOf(file.path)) }));
          body = out.Body as Readable;
        } catch (error) {
          if (isMissing(error))
            throw Object.assign(new Error(`no stored content ${hashOf(file.path)}`), { code: 'ENOENT' });
          throw error;
        }
        // A reader that stops early (a client gone mid-download) ends this generator, which destroys the body.
        yield* body as AsyncIterable<Buffer>;
      }
      return Readable.from(read(), { objectMode: false });
    },
    has: (file) => exists(contentKey(hashOf(file.path))),
    // The sweep removes contents no file points at (other records may share this one).
    release: async () => undefined,
    async close() {
      client.destroy();
    },
  };
}
