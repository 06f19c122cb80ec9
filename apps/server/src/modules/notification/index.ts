// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './notification.table.js';
export { writeNotification, type NewNotification } from './notification.service.js';

import type { ModuleManifest } from '../../platform/module.js';
import { notificationPersonalData } from './notification-personal-data.queries.js';
import { notifyOnDomainEvent } from './notification.events.js';
import { registerNotificationRoutes } from './notification.routes.js';
import * as tables from './notification.table.js';

export const notificationModule: ModuleManifest = {
  name: 'notification',
  tables: { ...tables },
  register: (app, ctx) => registerNotificationRoutes(app, ctx.db, ctx.live),
  events: [notifyOnDomainEvent],
  personalData: notificationPersonalData,
};
