/** Fixed facts of the web app (spec section 9); the few that vary come from the build environment. */
export const appConfig = {
  productTitle: 'Casedesk',
  /** Short product acronym shown in the watermark. */
  productAcronym: 'CDK',
  version: __APP_VERSION__,
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/$/, ''),
  apiTimeoutMs: 500_000,
  tokenRefreshMs: 5 * 60_000,
  idleCheckMs: (Number(import.meta.env.VITE_IDLE_TIMEOUT) || 10) * 60_000,
  idleSignOutMs: 60 * 60_000,
  homePath: '/dashboard/ticket',
  storagePrefix: 'casedesk-ticket:',
} as const;
