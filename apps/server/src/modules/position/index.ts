// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './position.table.js';

import type { ModuleManifest } from '../../platform/module.js';
import { seedDemoPositions } from './position.seed.js';
import { registerPositionRoutes } from './position.routes.js';
import * as tables from './position.table.js';

export const positionModule: ModuleManifest = {
  name: 'position',
  tables: { ...tables },
  register: (app, ctx) => registerPositionRoutes(app, ctx.db),
  seed: { demo: seedDemoPositions },
};
