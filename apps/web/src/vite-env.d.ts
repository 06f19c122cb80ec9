/// <reference types="vite/client" />

declare const __APP_VERSION__: string;

type ImportMetaEnv = {
  /** Base URL of the API; empty means the same origin. */
  readonly VITE_API_BASE_URL?: string;
  /** Minutes between idle checks (the spec's IDLE_TIMEOUT, default 10). */
  readonly VITE_IDLE_TIMEOUT?: string;
};
