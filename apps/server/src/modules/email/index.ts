// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './email.table.js';
// The outbox: other modules queue mail in their own transaction.
export { queueEmail, isOurMessageId, type OutgoingMail } from './email-outbox.service.js';

import type { ModuleManifest } from '../../platform/module.js';
import { loadMessageIdKey } from './email-outbox.service.js';
import { sendHandler } from './email-send.service.js';
import { registerEmailRoutes } from './email.routes.js';
import * as tables from './email.table.js';
import { registerMailAccountRoutes } from './mail-account.routes.js';
import { loadMailPasswordKey } from './mail-crypto.js';

export const emailModule: ModuleManifest = {
  name: 'email',
  tables: { ...tables },
  register: async (app, ctx) => {
    await loadMessageIdKey(ctx.db, ctx.config.systemUrl);
    await loadMailPasswordKey(ctx.db);
    registerMailAccountRoutes(app, ctx.db);
    registerEmailRoutes(app, ctx.db, ctx.config.dataDir);
  },
  jobs: {
    handlers: [sendHandler],
    defaults: [
      {
        name: 'Send e-mails',
        jobGroup: 'email',
        className: sendHandler.className,
        cron: '*/5 * * * * ?',
        isStart: true,
        remark: 'Sends the queued e-mails (the outbox), retrying with back-off.',
      },
    ],
  },
};
