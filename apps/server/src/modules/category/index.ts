// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './category.table.js';

// Data import writes categories through the same calls.
export { categoryResource } from './category.resource.js';
import type { ModuleManifest } from '../../platform/module.js';
import { seedDemoCategories } from './category.seed.js';
import { categoryAssigneeRefusal } from './category.service.js';
import { registerCategoryRoutes } from './category.routes.js';
import * as tables from './category.table.js';

export const categoryModule: ModuleManifest = {
  name: 'category',
  tables: { ...tables },
  register: (app, ctx) => registerCategoryRoutes(app, ctx.db),
  seed: { demo: seedDemoCategories },
  references: [{ record: 'user', refusal: categoryAssigneeRefusal }],
};
