// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './request-type.table.js';
export * from './request-fulfilment.table.js';

import type { ModuleManifest } from '../../platform/module.js';
import { onRequestEvent } from './request-fulfilment.service.js';
import { registerRequestTypeRoutes } from './request-type.routes.js';
import * as fulfilmentTables from './request-fulfilment.table.js';
import * as tables from './request-type.table.js';

/**
 * The request catalog (contract section 21): request types and the requests raised from them. Above the ticket,
 * open item and workflow modules, whose own calls it uses; the engine tells it of an approval's end by event.
 */
export const requestTypeModule: ModuleManifest = {
  name: 'requestType',
  tables: { ...tables, ...fulfilmentTables },
  register: (app, ctx) => registerRequestTypeRoutes(app, ctx.db),
  events: [onRequestEvent],
};
