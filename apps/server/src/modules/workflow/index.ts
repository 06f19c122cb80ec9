// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './workflow.table.js';

import type { ModuleManifest } from '../../platform/module.js';
import { registerWorkflowInstanceRoutes } from './workflow-instance.routes.js';
import { workflowTimeoutHandler } from './workflow-timeout.service.js';
import { registerWorkflowDefinitionRoutes } from './workflow.routes.js';
import { seedDemoWorkflows } from './workflow.seed.js';
// Business modules' demo seeds publish their approval workflows through it.
export { seedPublishedWorkflow } from './workflow.seed.js';
import * as tables from './workflow.table.js';

export const workflowModule: ModuleManifest = {
  name: 'workflow',
  tables: { ...tables },
  register: (app, ctx) => {
    registerWorkflowDefinitionRoutes(app, ctx.db);
    registerWorkflowInstanceRoutes(app, ctx.db);
  },
  seed: { demo: seedDemoWorkflows },
  jobs: {
    handlers: [workflowTimeoutHandler],
    defaults: [
      {
        name: 'Approval time limits',
        jobGroup: 'workflow',
        className: workflowTimeoutHandler.className,
        cron: '0 * * * * ?',
        isStart: true,
        remark: 'Reminds the holders of overdue approval tasks, then approves, rejects or escalates as the step says.',
      },
    ],
  },
};
