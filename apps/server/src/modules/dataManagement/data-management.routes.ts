import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataExportSchema,
  dataManagementInfoSchema,
  dataRetentionSaveSchema,
  dataRetentionSchema,
  envelopeSchema,
} from '@casedesk/shared';
import { requireActor, type RouteRecord } from '../../platform/access.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import { ok } from '../../platform/envelope.js';
import {
  assertBackupAvailable,
  backupFileName,
  dataManagementInfo,
  exportsFor,
  getRetention,
  saveRetention,
  writeBackup,
} from './data-management.service.js';

/** `/api/DataManagement/...`: exports in one place, retention rules, the embedded database's backup. */
export function registerDataManagementRoutes(app: FastifyInstance, db: Db, config: Config, routes: RouteRecord[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['DataManagement'];
  const base = '/api/DataManagement';

  r.get(
    `${base}/Info`,
    {
      config: { access: 'dataManagement:view' },
      schema: { tags, response: { 200: envelopeSchema(dataManagementInfoSchema) } },
    },
    async () => ok(dataManagementInfo(db, config.databaseUrl)),
  );
  r.get(
    `${base}/Exports`,
    {
      config: { access: 'dataManagement:view' },
      schema: { tags, response: { 200: envelopeSchema(z.array(dataExportSchema)) } },
    },
    async (request) => ok(exportsFor(routes, requireActor(request))),
  );
  r.get(
    `${base}/Retention`,
    {
      config: { access: 'dataManagement:view' },
      schema: { tags, response: { 200: envelopeSchema(dataRetentionSchema) } },
    },
    async () => ok(await getRetention(db, config)),
  );
  r.post(
    `${base}/Retention`,
    {
      config: { access: 'dataManagement:edit' },
      schema: { tags, body: dataRetentionSaveSchema, response: { 200: envelopeSchema(dataRetentionSchema) } },
    },
    async (request) => ok(await saveRetention(db, requireActor(request), request.body, config)),
  );
  r.get(
    `${base}/Backup`,
    { config: { access: 'dataManagement:backup' }, schema: { tags } },
    async (_request, reply) => {
      // The refusal on PostgreSQL comes before any byte is sent; a failure mid-stream ends the download short.
      assertBackupAvailable(db);
      const out = new PassThrough();
      writeBackup(db, config.dataDir, out).catch((error: unknown) => {
        reply.log.error({ err: error }, 'backup failed');
        out.destroy(error as Error);
      });
      return reply
        .header('Content-Type', 'application/gzip')
        .header('Content-Disposition', `attachment; filename="${backupFileName(new Date())}"`)
        .send(out);
    },
  );
}
