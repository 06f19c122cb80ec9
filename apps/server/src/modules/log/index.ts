// The module's public face. Its tables live in the platform (the writers are there) and in the setting module.
import type { ModuleManifest } from '../../platform/module.js';
import { logRetention } from './log-retention.service.js';
import { registerLogRoutes } from './log.routes.js';

export const logModule: ModuleManifest = {
  name: 'log',
  tables: {},
  register: (app, ctx) => registerLogRoutes(app, ctx.db),
  jobs: {
    handlers: [logRetention],
    defaults: [
      {
        name: 'Log retention',
        jobGroup: 'log',
        className: logRetention.className,
        cron: '0 30 2 * * ?',
        isStart: true,
        remark: 'Deletes log rows older than Settings → Logs "days to keep", nightly.',
      },
    ],
  },
};
