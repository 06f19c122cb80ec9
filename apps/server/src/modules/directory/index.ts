// The module's public face: it owns no table (its settings are an `app_setting` group, the DN a user column).
import type { ModuleManifest } from '../../platform/module.js';
import { directorySyncHandler } from './directory-sync.service.js';
import { registerDirectoryRoutes } from './directory.routes.js';
import { defaultSyncCron, directoryPassword } from './directory.service.js';

/** Directory sync (contract 24): above users, departments, tickets and workflows, whose rows it writes. */
export const directoryModule: ModuleManifest = {
  name: 'directory',
  tables: {},
  register: (app, ctx) => registerDirectoryRoutes(app, ctx.db),
  jobs: {
    handlers: [directorySyncHandler],
    defaults: [
      {
        name: 'Directory sync',
        jobGroup: 'system',
        className: directorySyncHandler.className,
        // Not started until Settings → Directory turns sync on with a schedule (Save sets cron and start).
        cron: defaultSyncCron,
        isStart: false,
        remark:
          'Syncs users, departments and their leaders from the directory (Settings → Directory); its schedule follows the settings.',
      },
    ],
  },
  directoryPassword,
};
