import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import {
  envelopeSchema,
  fileMessages,
  idParamSchema,
  indexDocumentTypes,
  indexFinishSchema,
  indexingDetailSchema,
  indexKeySchema,
  indexQueueItemSchema,
  indexQueuePageSchema,
  indexQueueQuerySchema,
  invoiceMessages,
  maxUploadBytes,
  maxUploadFiles,
  messages,
  msg,
  type UploadedFile,
} from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { badRequest } from '../../platform/errors.js';
import { discardUploads, fileTooLarge, registerFileOwner, saveUpload } from '../file/index.js';
import {
  claimIndexDocument,
  createIndexDocuments,
  deleteIndexDocument,
  finishIndexDocument,
  indexDetail,
  indexQueue,
  invoiceFileOwner,
  invoiceFileVisible,
  releaseIndexDocument,
} from './invoice-indexing.service.js';

const limits = { files: maxUploadFiles + 1, fields: 20, parts: 40, fieldSize: 64 * 1024, fileSize: maxUploadBytes };
const refuseType = (name: string) =>
  badRequest(msg(invoiceMessages, 'fileNotAPdfOrImage', { name }), [
    { field: 'files', message: invoiceMessages.notAPdfOrImage },
  ]);

/** Every part must be a PDF or an image by its bytes; any refusal removes what was saved: all or none. */
async function receive(request: FastifyRequest, db: Db, dataDir: string): Promise<UploadedFile[]> {
  const actor = requireActor(request);
  if (!request.isMultipart()) throw badRequest(msg(fileMessages, 'notMultipart'));
  const saved: UploadedFile[] = [];
  try {
    for await (const part of request.files({ limits })) {
      if (saved.length >= maxUploadFiles) throw badRequest(msg(fileMessages, 'tooManyFiles', { max: maxUploadFiles }));
      const data = await part.toBuffer();
      const detected = await fileTypeFromBuffer(data);
      if (!detected || !(indexDocumentTypes as readonly string[]).includes(detected.mime))
        throw refuseType(part.filename);
      // The file module's checks too (the name's extension must agree with the bytes), and its storage.
      // Held whole already: indexing reads the document whole, and the type check above needs its bytes.
      const upload = { name: part.filename, mimetype: part.mimetype, stream: [data] };
      saved.push(await saveUpload(db, actor, dataDir, upload));
    }
  } catch (error) {
    if (saved.length)
      await discardUploads(
        db,
        dataDir,
        saved.map((s) => s.fileId),
      );
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    if (code === 'FST_FILES_LIMIT') throw badRequest(msg(fileMessages, 'tooManyFiles', { max: maxUploadFiles }));
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw badRequest(msg(fileMessages, 'malformedMultipart'));
    throw error;
  }
  if (saved.length === 0)
    throw badRequest(msg(fileMessages, 'noFile'), [{ field: 'files', message: messages.required }]);
  return saved;
}

/** The indexing calls (documented in packages/shared/src/invoice/invoice-indexing.schemas.ts), all `invoice:index`. */
export async function registerInvoiceIndexingRoutes(app: FastifyInstance, db: Db, dataDir: string) {
  registerFileOwner(invoiceFileOwner, invoiceFileVisible);
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['Invoice indexing'];
    const access = 'invoice:index';

    r.post(
      '/api/Invoice/IndexUpload',
      {
        config: { access },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          response: { 200: envelopeSchema(z.array(indexQueueItemSchema)) },
        },
      },
      async (request) => {
        const files = await receive(request, db, dataDir);
        return ok(await createIndexDocuments(db, requireActor(request), dataDir, files));
      },
    );
    r.post(
      '/api/Invoice/IndexQueue',
      {
        config: { access },
        preValidation: async (request: FastifyRequest) => {
          request.body ??= {};
        },
        schema: { tags, body: indexQueueQuerySchema, response: { 200: envelopeSchema(indexQueuePageSchema) } },
      },
      async (request) => ok(await indexQueue(db, requireActor(request), request.body)),
    );
    r.post(
      '/api/Invoice/IndexClaim',
      {
        config: { access },
        schema: { tags, body: indexKeySchema, response: { 200: envelopeSchema(indexingDetailSchema) } },
      },
      async (request) => ok(await claimIndexDocument(db, requireActor(request), request.body.id)),
    );
    r.get(
      '/api/Invoice/IndexDetail/:key',
      {
        config: { access },
        schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(indexingDetailSchema) } },
      },
      async (request) => ok(await indexDetail(db, request.params.key)),
    );
    r.post(
      '/api/Invoice/IndexRelease',
      {
        config: { access },
        schema: { tags, body: indexKeySchema, response: { 200: envelopeSchema(indexQueueItemSchema) } },
      },
      async (request) => ok(await releaseIndexDocument(db, requireActor(request), request.body.id)),
    );
    r.post(
      '/api/Invoice/IndexFinish',
      {
        config: { access },
        schema: {
          tags,
          body: indexFinishSchema,
          response: { 200: envelopeSchema(z.object({ id: z.number().int() })) },
        },
      },
      async (request) => ok({ id: await finishIndexDocument(db, requireActor(request), request.body) }),
    );
    r.post(
      '/api/Invoice/IndexDelete',
      {
        config: { access },
        schema: { tags, body: indexKeySchema, response: { 200: envelopeSchema(z.object({ id: z.number().int() })) } },
      },
      async (request) => ok(await deleteIndexDocument(db, dataDir, requireActor(request), request.body.id)),
    );
  });
}
