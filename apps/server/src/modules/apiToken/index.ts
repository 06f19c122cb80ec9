// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './api-token.table.js';
export { authenticateApiToken, isPersonalToken } from './api-token.service.js';

import type { ModuleManifest } from '../../platform/module.js';
import { apiTokenPersonalData } from './api-token-personal-data.queries.js';
import { registerApiTokenRoutes } from './api-token.routes.js';
import * as tables from './api-token.table.js';

export const apiTokenModule: ModuleManifest = {
  name: 'apiToken',
  tables: { ...tables },
  register: (app, ctx) => registerApiTokenRoutes(app, ctx.db),
  personalData: apiTokenPersonalData,
};
