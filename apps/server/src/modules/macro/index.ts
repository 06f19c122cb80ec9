// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './macro.table.js';

import { macroMessages, msg } from '@casedesk/shared';
import type { ModuleManifest } from '../../platform/module.js';
import { sharedWithGroups } from '../../platform/references.js';
import { registerMacroRoutes } from './macro.routes.js';
import { seedDemoMacros } from './macro.seed.js';
import * as tables from './macro.table.js';

/** Macros (contract section 20): above the ticket module, which it changes through the bulk edit's path. */
export const macroModule: ModuleManifest = {
  name: 'macro',
  tables: { ...tables },
  register: (app, ctx) => registerMacroRoutes(app, ctx.db),
  seed: { demo: seedDemoMacros },
  // A shared macro names groups (an array, no foreign key): their deletes ask here first.
  references: [sharedWithGroups(tables.macro, tables.macro, (name) => msg(macroMessages, 'sharedWithGroup', { name }))],
};
