// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './email.table.js';
// The outbox: other modules queue mail in their own transaction.
export { queueEmail, isOurMessageId, type OutgoingMail } from './email-outbox.service.js';

import type { ModuleManifest } from '../../platform/module.js';
import { registerEmailInboundRoutes } from './email-inbound.routes.js';
import { fetchMailHandler } from './email-fetch.service.js';
import { loadMessageIdKey } from './email-outbox.service.js';
import { loadMailPasswordKey } from './mail-crypto.js';
import * as tables from './email.table.js';

export const emailModule: ModuleManifest = {
  name: 'email',
  tables: { ...tables },
  register: async (app, ctx) => {
    await loadMessageIdKey(ctx.db, ctx.config.systemUrl);
    await loadMailPasswordKey(ctx.db);
    registerEmailInboundRoutes(app, ctx.db, ctx.config);
  },
  jobs: {
    handlers: [fetchMailHandler],
    defaults: [
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
};
