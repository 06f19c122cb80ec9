// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './dictionary.table.js';

// Data import writes dictionary items through the dictionary's own save.
export { dictionaryResource } from './dictionary.resource.js';
import type { ModuleManifest } from '../../platform/module.js';
import { seedDemoDictionaries } from './dictionary.seed.js';
import { enabledItemsByCode } from './dictionary.service.js';
import { registerDictionaryRoutes } from './dictionary.routes.js';
import * as tables from './dictionary.table.js';

export const dictionaryModule: ModuleManifest = {
  name: 'dictionary',
  tables: { ...tables },
  register: (app, ctx) => registerDictionaryRoutes(app, ctx.db),
  dictionaryItems: enabledItemsByCode,
  seed: { demo: seedDemoDictionaries },
};
