// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './project.table.js';

// Data import writes projects through the same calls.
export { projectResource } from './project.resource.js';
import type { ModuleManifest } from '../../platform/module.js';
import { seedDemoProjects } from './project.seed.js';
import { registerProjectRoutes } from './project.routes.js';
import * as tables from './project.table.js';

export const projectModule: ModuleManifest = {
  name: 'project',
  tables: { ...tables },
  register: (app, ctx) => registerProjectRoutes(app, ctx.db),
  seed: { demo: seedDemoProjects },
};
