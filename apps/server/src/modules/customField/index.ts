// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './custom-field.table.js';
export { customFieldDefinitions, registerCustomValueTable } from './custom-field.service.js';
export { customFieldTexts, recordFieldDefinitions } from './custom-field-record.service.js';

import type { ModuleManifest } from '../../platform/module.js';
import { registerCustomFieldRoutes } from './custom-field.routes.js';
import { seedDemoCustomFields } from './custom-field.seed.js';
import * as tables from './custom-field.table.js';

/** Custom field definitions (contract section 21): below the record modules, which keep and check the values. */
export const customFieldModule: ModuleManifest = {
  name: 'customField',
  tables: { ...tables },
  register: (app, ctx) => registerCustomFieldRoutes(app, ctx.db),
  seed: { demo: seedDemoCustomFields },
};
