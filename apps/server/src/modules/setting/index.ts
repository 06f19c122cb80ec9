// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './setting.table.js';
export { holidayReminder } from './holiday-reminder.service.js';
export {
  addServiceHours,
  getSettings,
  holidaysFrom,
  holidaysFromQuery,
  readSettings,
  readSsoClientSecret,
  saveSettings,
  ssoUrls,
} from './setting.service.js';

import type { ModuleManifest } from '../../platform/module.js';
import { holidayReminder } from './holiday-reminder.service.js';
import { registerSettingRoutes } from './setting.routes.js';
import * as tables from './setting.table.js';

export const settingModule: ModuleManifest = {
  name: 'setting',
  tables: { ...tables },
  register: (app, ctx) => registerSettingRoutes(app, ctx.db, ctx.config),
  jobs: {
    handlers: [holidayReminder],
    defaults: [
      {
        name: 'Holiday reminder',
        jobGroup: 'setting',
        className: holidayReminder.className,
        cron: '0 0 8 * * ?',
        isStart: true,
        remark:
          'Mails the users chosen in Settings → Holiday calendar before each holiday (once per holiday and user).',
      },
    ],
  },
};
