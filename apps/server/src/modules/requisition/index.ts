// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './requisition.table.js';

import type { ModuleManifest } from '../../platform/module.js';
import { requisitionWorkflowType } from './requisition-approval.service.js';
import { registerRequisitionRoutes } from './requisition.routes.js';
import { seedDemoRequisitions } from './requisition.seed.js';
import * as tables from './requisition.table.js';

export const requisitionModule: ModuleManifest = {
  name: 'requisition',
  tables: { ...tables },
  register: (app, ctx) => registerRequisitionRoutes(app, ctx.db),
  seed: { demo: seedDemoRequisitions },
  workflowTypes: [requisitionWorkflowType],
};
