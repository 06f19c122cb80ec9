// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './auth.table.js';
export { activeUserActors, actorColumns, actorLoader, actorOf, refuseUser, type UserRow } from './actor.queries.js';
export { checkPasswordCounted, type PasswordPurpose } from './sign-in-guard.service.js';
export { totpDisable, totpEnable, totpSetup, twoFactorStatus } from './second-factor.service.js';
export { passkeyRegister, passkeyRegistrationOptions, passkeyRemove, passkeyRename } from './passkey.service.js';

import type { ModuleManifest } from '../../platform/module.js';
import { authPersonalData } from './auth-personal-data.service.js';
import { applyUserAccessChange } from './auth.events.js';
import { registerAuthRoutes } from './auth.routes.js';
import * as tables from './auth.table.js';

export const authModule: ModuleManifest = {
  name: 'auth',
  tables: { ...tables },
  register: (app, ctx) => registerAuthRoutes(app, ctx, ctx.authTokenPublicKey),
  events: [applyUserAccessChange],
  personalData: authPersonalData,
};
