import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idTextSchema,
  maxUploadBytes,
  openItemFileRemoveSchema,
  openItemReorderSchema,
  openItemSchema,
  uploadedFileSchema,
} from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { requireActor } from '../../platform/access.js';
import { ok, present } from '../../platform/envelope.js';
import { notFound } from '../../platform/errors.js';
import { registerResource } from '../../platform/resource.js';
import {
  discardUploads,
  multipartLimits,
  receiveUploads,
  registerFileOwner,
  removeStoredFiles,
} from '../file/index.js';
import { createOpenItemResource } from './openItem.resource.js';
import { attachUploads, fileOwner, openItemVisible, removeAttachment, reorderOpenItems } from './openItem.service.js';

export async function registerOpenItemRoutes(app: FastifyInstance, db: Db, dataDir: string) {
  registerFileOwner(fileOwner, openItemVisible);
  registerResource(app, db, createOpenItemResource(dataDir));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['OpenItem'];

  r.post(
    '/api/OpenItem/Reorder',
    {
      config: { access: 'openItem:edit' },
      schema: { tags, body: openItemReorderSchema, response: { 200: envelopeSchema(z.array(openItemSchema)) } },
    },
    async (request) => ok((await reorderOpenItems(db, requireActor(request), request.body)).map((i) => present(i))),
  );

  r.post(
    '/api/CmOpenItemDetailAttachment/Delete',
    {
      config: { access: 'openItem:deleteFile' },
      schema: { tags, body: openItemFileRemoveSchema, response: { 200: envelopeSchema(openItemSchema) } },
    },
    async (request) => {
      const result = await removeAttachment(db, requireActor(request), request.body);
      void removeStoredFiles(dataDir, result.removedFiles);
      return ok(present(result.value));
    },
  );

  // Spec section 7: the open item's attachment upload. With `openItemId` the files join that item at once;
  // without, they wait (the uploader's) for the item's Add or Update to list them.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { ...multipartLimits, fileSize: maxUploadBytes } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/CmOpenItemDetailAttachment/UploadV2',
      {
        config: { access: 'openItem:editFile' },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          querystring: z.object({ openItemId: idTextSchema.optional() }).strict(),
          response: { 200: envelopeSchema(z.array(uploadedFileSchema)) },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        const { openItemId } = request.query;
        // The item is checked first, so that a hidden or closed one never receives bytes on disk.
        if (openItemId !== undefined && !(await openItemVisible(db, actor, openItemId))) throw notFound();
        const files = await receiveUploads(request, db, dataDir);
        if (openItemId !== undefined)
          try {
            await attachUploads(db, actor, openItemId, files);
          } catch (error) {
            // All or none: a refused attach leaves no upload behind.
            await discardUploads(
              db,
              dataDir,
              files.map((f) => f.fileId),
            );
            throw error;
          }
        return ok(files);
      },
    );
  });
}
