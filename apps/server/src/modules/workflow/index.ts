// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './workflow.table.js';

import type { ModuleManifest } from '../../platform/module.js';
import { workflowPersonalData } from './workflow-personal-data.queries.js';
import { registerWorkflowInstanceRoutes } from './workflow-instance.routes.js';
import { registerWorkflowLinkRoutes } from './workflow-link.routes.js';
import { loadApprovalLinkKey } from './workflow-link.service.js';
import { workflowTimeoutHandler } from './workflow-timeout.service.js';
import { registerWorkflowDefinitionRoutes } from './workflow.routes.js';
import { seedDemoWorkflows } from './workflow.seed.js';
// Business modules' demo seeds publish their approval workflows through it.
export { seedPublishedWorkflow } from './workflow.seed.js';
// The task mail's approve/reject links, and a reply to it deciding the task (contract 22).
export { approvalLinksFor, decideByMail, type MailRefusal } from './workflow-link.service.js';
// A catalog request starts the workflow its type names, in the request's transaction.
export { startWorkflowIn } from './workflow-submit.service.js';
import * as tables from './workflow.table.js';

export const workflowModule: ModuleManifest = {
  name: 'workflow',
  tables: { ...tables },
  register: async (app, ctx) => {
    await loadApprovalLinkKey(ctx.db);
    registerWorkflowDefinitionRoutes(app, ctx.db);
    registerWorkflowInstanceRoutes(app, ctx.db);
    registerWorkflowLinkRoutes(app, ctx.db);
  },
  seed: { demo: seedDemoWorkflows },
  personalData: workflowPersonalData,
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
