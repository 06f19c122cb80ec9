// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './notification.table.js';

import type { ModuleManifest } from '../../platform/module.js';
import * as tables from './notification.table.js';

export const notificationModule: ModuleManifest = {
  name: 'notification',
  tables: { ...tables },
};
