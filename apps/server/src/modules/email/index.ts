// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './email.table.js';
// The outbox: other modules queue mail in their own transaction.
export { queueEmail, isOurMessageId, type OutgoingMail } from './email-outbox.service.js';

import type { ModuleManifest } from '../../platform/module.js';
import { loadMessageIdKey } from './email-outbox.service.js';
import { notifyByEmail } from './email-notify.service.js';
import { setMailBaseUrl } from './email-render.service.js';
import { registerEmailTemplateRoutes } from './email-template.routes.js';
import { seedEmailTemplates } from './email-template.seed.js';
import * as tables from './email.table.js';

export const emailModule: ModuleManifest = {
  name: 'email',
  tables: { ...tables },
  register: async (app, ctx) => {
    await loadMessageIdKey(ctx.db, ctx.config.systemUrl);
    setMailBaseUrl(ctx.config);
    registerEmailTemplateRoutes(app, ctx.db);
  },
  events: [notifyByEmail],
  seed: { system: seedEmailTemplates },
};
