import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  publicSettingsSchema,
  settingSaveSchema,
  settingSavedSchema,
  settingsSchema,
} from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { requireActor } from '../../platform/access.js';
import type { Config } from '../../platform/config.js';
import { ok } from '../../platform/envelope.js';
import { registerResource } from '../../platform/resource.js';
import { configureSettingDefaults, getSettings, publicSettings, saveSetting } from './setting.service.js';
import { holidayResource } from './setting.resource.js';

/** Settings → Basic, Toggles, Token, Upload and Holiday (docs/contract-admin.md). */
export function registerSettingRoutes(app: FastifyInstance, db: Db, config: Config) {
  configureSettingDefaults(db, { accessMinutes: config.accessTokenMinutes, refreshDays: config.refreshTokenDays });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Settings'];

  r.get(
    '/api/Settings/Get',
    { config: { access: 'settings:view' }, schema: { tags, response: { 200: envelopeSchema(settingsSchema) } } },
    async () => ok(await getSettings(db, config)),
  );

  r.post(
    '/api/Settings/Save',
    {
      config: { access: 'settings:save' },
      schema: { tags, body: settingSaveSchema, response: { 200: envelopeSchema(settingSavedSchema) } },
    },
    async (request) => ok(await saveSetting(db, requireActor(request), request.body, config)),
  );

  // The sign-in page reads these before anyone is signed in: nothing secret in them.
  r.get(
    '/api/Settings/Public',
    { config: { access: 'public' }, schema: { tags, response: { 200: envelopeSchema(publicSettingsSchema) } } },
    async () => ok(await publicSettings(db)),
  );

  registerResource(app, db, holidayResource);
}
