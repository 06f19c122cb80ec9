// The module's public face: its tables first (other modules may read them), then the manifest.
import type { ModuleManifest } from '../../platform/module.js';
import { registerAccountRoutes } from './account.routes.js';
import { registerTwoFactorRoutes } from './two-factor.routes.js';

export const accountModule: ModuleManifest = {
  name: 'account',
  tables: {},
  register: (app, ctx) => {
    registerAccountRoutes(app, ctx.db, ctx.config.loginRateLimitMax, ctx.config.dataDir);
    registerTwoFactorRoutes(app, ctx.db, ctx.config);
  },
};
