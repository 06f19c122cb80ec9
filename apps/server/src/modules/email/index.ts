// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './email.table.js';
// The outbox: other modules queue mail in their own transaction.
export { queueEmail, isOurMessageId, type OutgoingMail } from './email-outbox.service.js';
// The template sandbox and a ticket's template values, for canned replies and macro comments (one LiquidJS set-up).
export {
  bodyTemplateProblem,
  checkTemplateSyntax,
  renderTemplate,
  ticketLinkOf,
  type TemplateValues,
} from './email-render.service.js';
export { agentTextValues } from './email-template.service.js';

import type { ModuleManifest } from '../../platform/module.js';
import { registerEmailInboundRoutes } from './email-inbound.routes.js';
import { fetchMailHandler } from './email-fetch.service.js';
import { loadMessageIdKey } from './email-outbox.service.js';
import { sendHandler } from './email-send.service.js';
import { registerEmailRoutes } from './email.routes.js';
import { notifyApprovalsByEmail } from './email-approval-notify.service.js';
import { notifyByEmail } from './email-notify.service.js';
import { notifySlaByEmail } from './email-sla-notify.service.js';
import { notifyWatchersByEmail } from './email-watch-notify.service.js';
import { setMailBaseUrl } from './email-render.service.js';
import { registerEmailTemplateRoutes } from './email-template.routes.js';
import { seedEmailTemplates } from './email-template.seed.js';
import * as tables from './email.table.js';
import { registerMailAccountRoutes } from './mail-account.routes.js';
import { loadMailPasswordKey } from './mail-crypto.js';

export const emailModule: ModuleManifest = {
  name: 'email',
  tables: { ...tables },
  register: async (app, ctx) => {
    await loadMessageIdKey(ctx.db, ctx.config.systemUrl);
    await loadMailPasswordKey(ctx.db);
    setMailBaseUrl(ctx.config);
    registerMailAccountRoutes(app, ctx.db);
    registerEmailRoutes(app, ctx.db, ctx.config.dataDir);
    registerEmailInboundRoutes(app, ctx.db, ctx.config);
    registerEmailTemplateRoutes(app, ctx.db);
  },
  jobs: {
    handlers: [sendHandler, fetchMailHandler],
    defaults: [
      {
        name: 'Send e-mails',
        jobGroup: 'email',
        className: sendHandler.className,
        cron: '*/5 * * * * ?',
        isStart: true,
        remark: 'Sends the queued e-mails (the outbox), retrying with back-off.',
      },
      {
        name: 'Fetch incoming mail',
        jobGroup: 'email',
        className: fetchMailHandler.className,
        cron: '*/10 * * * * ?',
        isStart: true,
        remark: 'Fetches the mail accounts whose fetch interval has come; turns their mail into tickets and comments.',
      },
    ],
  },
  events: [notifyByEmail, notifyApprovalsByEmail, notifySlaByEmail, notifyWatchersByEmail],
  seed: { system: seedEmailTemplates },
};
