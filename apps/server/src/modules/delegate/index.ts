// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './delegate.table.js';
export {
  activeDelegate,
  activeDelegateQuery,
  recordDelegatedWork,
  utcDay,
  type DelegatedWork,
} from './delegate.queries.js';

import type { ModuleManifest } from '../../platform/module.js';
import { activeDelegationsRefusal } from './delegate.queries.js';
import { registerDelegateRoutes } from './delegate.routes.js';
import * as tables from './delegate.table.js';

export const delegateModule: ModuleManifest = {
  name: 'delegate',
  tables: { ...tables },
  register: (app, ctx) => registerDelegateRoutes(app, ctx.db),
  references: [{ record: 'user', refusal: activeDelegationsRefusal }],
};
