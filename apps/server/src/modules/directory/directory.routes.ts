import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  directorySaveSchema,
  directoryShownSchema,
  directorySyncResultSchema,
  directorySyncSchema,
  directoryTestResultSchema,
  directoryTestSchema,
  envelopeSchema,
} from '@casedesk/shared';
import { requireActor } from '../../platform/access.js';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import { callerLanguage } from '../../platform/translator.js';
import { runSync, syncWords } from './directory-sync.service.js';
import { getDirectory, saveDirectory, testDirectorySettings } from './directory.service.js';

/** Settings → Directory (contract 24): administrators, as the other settings. */
export function registerDirectoryRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Directory'];

  r.get(
    '/api/Directory/Get',
    { config: { access: 'settings:view' }, schema: { tags, response: { 200: envelopeSchema(directoryShownSchema) } } },
    async (request) => ok(await getDirectory(db, callerLanguage(request))),
  );

  r.post(
    '/api/Directory/Save',
    {
      config: { access: 'settings:save' },
      schema: { tags, body: directorySaveSchema, response: { 200: envelopeSchema(directoryShownSchema) } },
    },
    async (request) => ok(await saveDirectory(db, requireActor(request), request.body, callerLanguage(request))),
  );

  r.post(
    '/api/Directory/Test',
    {
      config: { access: 'settings:save' },
      schema: { tags, body: directoryTestSchema, response: { 200: envelopeSchema(directoryTestResultSchema) } },
    },
    async (request) => ok(await testDirectorySettings(db, request.body)),
  );

  r.post(
    '/api/Directory/Sync',
    {
      config: { access: 'settings:save' },
      schema: { tags, body: directorySyncSchema, response: { 200: envelopeSchema(directorySyncResultSchema) } },
    },
    async (request) =>
      ok(syncWords(await runSync(db, requireActor(request), request.body.dryRun, 'byHand'), callerLanguage(request))),
  );
}
