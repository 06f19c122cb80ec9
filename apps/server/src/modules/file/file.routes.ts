import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  fileMessages,
  idParamSchema,
  maxUploadBytes,
  maxUploadFiles,
  messages,
  msg,
  uploadedFileSchema,
  type UploadedFile,
} from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { requireActor } from '../../platform/access.js';
import { ok } from '../../platform/envelope.js';
import { badRequest } from '../../platform/errors.js';
import { fileStoreOf } from '../../platform/file-store.js';
import { discardUploads, fileTooLarge, findDownloadable, saveUpload } from './file.service.js';
import { readSettings } from '../setting/index.js';

export const multipartLimits = { files: maxUploadFiles + 1, fields: 20, parts: 40, fieldSize: 64 * 1024 };
const tooMany = () => badRequest(msg(fileMessages, 'tooManyFiles', { max: maxUploadFiles }));

/** Reads every file part; any refusal removes the files already saved: all or none. */
export async function receiveUploads(request: FastifyRequest, db: Db, dataDir: string): Promise<UploadedFile[]> {
  const actor = requireActor(request);
  if (!request.isMultipart()) throw badRequest(msg(fileMessages, 'notMultipart'));
  const saved: UploadedFile[] = [];
  // Settings → Upload: the size limit per file and the extensions accepted.
  const { maxSizeMb, allowedTypes } = (await readSettings(db)).upload;
  try {
    for await (const part of request.files({ limits: { ...multipartLimits, fileSize: maxSizeMb * 1024 * 1024 } })) {
      if (saved.length >= maxUploadFiles) throw tooMany();
      // Streamed into the store: a 20 MB file is never whole in memory (contract 25).
      const upload = {
        name: part.filename,
        mimetype: part.mimetype,
        stream: part.file,
        tooLarge: () => (part.file.truncated ? fileTooLarge(maxSizeMb) : null),
      };
      saved.push(await saveUpload(db, actor, dataDir, upload, allowedTypes));
    }
  } catch (error) {
    if (saved.length) {
      await discardUploads(
        db,
        dataDir,
        saved.map((s) => s.fileId),
      );
    }
    const code = (error as { code?: string }).code;
    // The client went away mid-body (its socket's ECONNRESET, not the database's): the store kept nothing.
    if (request.raw.destroyed && code === 'ECONNRESET') throw badRequest(msg(fileMessages, 'malformedMultipart'));
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxSizeMb);
    if (code === 'FST_FILES_LIMIT') throw tooMany();
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw badRequest(msg(fileMessages, 'malformedMultipart'));
    throw error;
  }
  if (saved.length === 0)
    throw badRequest(msg(fileMessages, 'noFile'), [{ field: 'files', message: messages.required }]);
  return saved;
}

/** Contract section 9: uploads into the file store (platform/file-store.ts); downloads for those who may see the record. */
export async function registerFileRoutes(app: FastifyInstance, db: Db, dataDir: string) {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { ...multipartLimits, fileSize: maxUploadBytes } });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['Files'];
    const uploadSchema = {
      tags,
      consumes: ['multipart/form-data'],
      response: { 200: envelopeSchema(z.array(uploadedFileSchema)) },
    };
    for (const url of ['/api/Files/Upload', '/api/Files/UpLoadFrom'])
      r.post(url, { config: { access: 'authenticated' }, schema: uploadSchema }, async (request) =>
        ok(await receiveUploads(request, db, dataDir)),
      );
    r.get(
      '/api/Files/Download/:key',
      { config: { access: 'authenticated' }, schema: { tags, params: idParamSchema } },
      async (request, reply) => {
        const file = await findDownloadable(db, requireActor(request), request.params.key);
        const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
        return reply
          .header('content-type', 'application/octet-stream')
          .header('x-file-type', file.fileType)
          .header('content-length', String(file.size))
          .header(
            'content-disposition',
            `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          )
          .send(fileStoreOf(dataDir).get(file));
      },
    );
  });
}
