import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idParamSchema,
  importRunQuerySchema,
  importRunSchema,
  importRunStartSchema,
  importRunStartedSchema,
  pageOf,
  importPreviewResultSchema,
  importPreviewSchema,
  importTargetInfoSchema,
  importTemplateParamsSchema,
  importTemplateQuerySchema,
  importMessages,
  messages,
  msg,
  uploadedFileSchema,
} from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Db } from '../../platform/db.js';
import type { Scheduler } from '../../platform/jobs/scheduler.js';
import { badRequest } from '../../platform/errors.js';
import { fileTooLarge, saveStreamedUpload } from '../file/index.js';
import { ok } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { importResource } from './import.resource.js';
import { cancelRun, getRun, queryRuns, startRun } from './import-run.service.js';
import { kickImportWork } from './import.jobs.js';
import { importTemplate } from './import-template.service.js';
import { checkImportUpload, importUploadMaxMb, previewImport, targetsFor } from './import.service.js';

export async function registerImportRoutes(app: FastifyInstance, db: Db, dataDir: string, scheduler: Scheduler) {
  registerResource(app, db, importResource);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Import'];

  // Whoever may create or edit definitions picks a target; each target shows only to those who may write it.
  r.get(
    '/api/Import/Targets',
    {
      config: { access: 'import:view' },
      schema: { tags, response: { 200: envelopeSchema(z.array(importTargetInfoSchema)) } },
    },
    async (request) => ok(await targetsFor(db, requireActor(request))),
  );

  r.get(
    '/api/Import/Template/:target',
    {
      config: { access: 'import:view' },
      schema: {
        tags,
        params: importTemplateParamsSchema,
        querystring: importTemplateQuerySchema,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const { target } = request.params;
      const file = await importTemplate(db, requireActor(request), target, request.query.language);
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${file.name}"`)
        .send(file.data);
    },
  );

  r.post(
    '/api/Import/Preview',
    {
      config: { access: 'import:view' },
      schema: { tags, body: importPreviewSchema, response: { 200: envelopeSchema(importPreviewResultSchema) } },
    },
    async (request) => ok(await previewImport(db, requireActor(request), dataDir, request.body)),
  );

  r.post(
    '/api/Import/Run',
    {
      config: { access: 'import:run' },
      schema: { tags, body: importRunStartSchema, response: { 200: envelopeSchema(importRunStartedSchema) } },
    },
    async (request) => {
      const started = await startRun(db, requireActor(request), request.body);
      // Started at once on this process; the every-minute job picks up what a kick misses.
      await kickImportWork(db, scheduler);
      return ok(started);
    },
  );

  r.get(
    '/api/Import/Runs/:key',
    {
      config: { access: 'import:view' },
      schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(importRunSchema) } },
    },
    async (request) => ok(await getRun(db, requireActor(request), request.params.key)),
  );

  r.post(
    '/api/Import/Runs',
    {
      config: { access: 'import:view' },
      preValidation: async (request) => {
        request.body ??= {} as never;
      },
      schema: { tags, body: importRunQuerySchema, response: { 200: envelopeSchema(pageOf(importRunSchema)) } },
    },
    async (request) => ok(await queryRuns(db, requireActor(request), request.body)),
  );

  r.post(
    '/api/Import/Runs/Cancel/:key',
    {
      config: { access: 'import:run' },
      schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(importRunSchema) } },
    },
    async (request) => ok(await cancelRun(db, requireActor(request), request.params.key)),
  );

  // A sheet bigger than Files/Upload takes (its cap is for attachments), and csv in GBK or Big5, which
  // Files/Upload refuses as not UTF-8: streamed to disk, one file, csv or xlsx, at most `importUploadMaxMb`.
  await app.register(async (scope) => {
    const maxBytes = importUploadMaxMb * 1024 * 1024;
    await scope.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 10, fileSize: maxBytes } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/Import/Upload',
      {
        config: { access: 'import:view' },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          response: { 200: envelopeSchema(z.array(uploadedFileSchema)) },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw badRequest(msg(importMessages, 'uploadNotMultipart'));
        const part = await request.file();
        if (!part)
          throw badRequest(msg(importMessages, 'uploadMissing'), [{ field: 'files', message: messages.required }]);
        const saved = await saveStreamedUpload(
          db,
          requireActor(request),
          dataDir,
          { name: part.filename, mimetype: part.mimetype, stream: part.file },
          {
            check: checkImportUpload,
            tooLarge: () => part.file.truncated,
            refuseTooLarge: () => fileTooLarge(importUploadMaxMb),
          },
        );
        return ok([saved]);
      },
    );
  });
}
