// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './configuration.table.js';

import type { ModuleManifest } from '../../platform/module.js';
import { registerConfigurationRoutes } from './configuration.routes.js';
import * as tables from './configuration.table.js';

export const configurationModule: ModuleManifest = {
  name: 'configuration',
  tables: { ...tables },
  register: (app, ctx) => registerConfigurationRoutes(app, ctx.db),
};
