// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './setting.table.js';
export { addServiceHours, dayIn, holidaysFrom, holidaysFromQuery, readSettings } from './setting.service.js';

import type { ModuleManifest } from '../../platform/module.js';
import { registerSettingRoutes } from './setting.routes.js';
import * as tables from './setting.table.js';

export const settingModule: ModuleManifest = {
  name: 'setting',
  tables: { ...tables },
  register: (app, ctx) => registerSettingRoutes(app, ctx.db, ctx.config),
};
