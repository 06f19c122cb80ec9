// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './text-module.table.js';

import { msg, textModuleMessages } from '@casedesk/shared';
import type { ModuleManifest } from '../../platform/module.js';
import { sharedWithGroups } from '../../platform/references.js';
import { registerTextModuleRoutes } from './text-module.routes.js';
import { seedDemoTextModules } from './text-module.seed.js';
import * as tables from './text-module.table.js';

/** Canned replies (contract section 20): `::` in a ticket's comment and reply editors inserts one, filled in. */
export const textModuleModule: ModuleManifest = {
  name: 'textModule',
  tables: { ...tables },
  register: (app, ctx) => registerTextModuleRoutes(app, ctx.db),
  seed: { demo: seedDemoTextModules },
  // A shared reply names groups (an array, no foreign key): their deletes ask here first.
  references: [
    sharedWithGroups(tables.textModule, tables.textModule, (name) =>
      msg(textModuleMessages, 'sharedWithGroup', { name }),
    ),
  ],
};
