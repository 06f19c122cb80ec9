// The module's public face: Data Management owns no table (its rules are setting groups, archives the ticket's).
import type { ModuleManifest } from '../../platform/module.js';
import { registerDataManagementRoutes } from './data-management.routes.js';

export const dataManagementModule: ModuleManifest = {
  name: 'dataManagement',
  tables: {},
  register: (app, ctx) => registerDataManagementRoutes(app, ctx.db, ctx.config, ctx.routes),
};
