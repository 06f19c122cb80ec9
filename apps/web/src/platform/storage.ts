import { appConfig } from './config';

/** Keys kept in local storage, each under the product prefix (spec section 3). */
export type LocalKey =
  | 'token'
  | 'tokenExp'
  | 'refreshToken'
  | 'userInfo'
  | 'needToChangePwd'
  | 'themeConfig'
  | 'version'
  | 'lastActivity'
  | 'locked'
  | 'rememberedUser';

/**
 * Keys kept per browser tab; `idleSignedOut` tells the sign-in page why the session ended; `publicKey` is the server's
 * key for the Auth-Token header (http/auth-token.ts).
 */
export type SessionKey = 'tagsViewList' | 'reloadedFor' | 'ssoReturn' | 'importRun' | 'idleSignedOut' | 'publicKey';

const fullKey = (key: string) => `${appConfig.storagePrefix}${key}`;

function makeStore<K extends string>(area: () => Storage | undefined) {
  return {
    get<T>(key: K): T | null {
      try {
        const raw = area()?.getItem(fullKey(key));
        return raw === null || raw === undefined ? null : (JSON.parse(raw) as T);
      } catch {
        return null;
      }
    },
    set(key: K, value: unknown): void {
      try {
        area()?.setItem(fullKey(key), JSON.stringify(value));
      } catch {
        // Storage full or blocked (private mode): the app keeps working for this page view.
      }
    },
    remove(key: K): void {
      area()?.removeItem(fullKey(key));
    },
    /** The unprefixed key of a storage event, or null when it is not one of ours. */
    keyOf(storageKey: string | null): K | null {
      return storageKey?.startsWith(appConfig.storagePrefix)
        ? (storageKey.slice(appConfig.storagePrefix.length) as K)
        : null;
    },
  };
}

const safe = (name: 'localStorage' | 'sessionStorage') => () => {
  try {
    return window[name];
  } catch {
    return undefined;
  }
};

export const local = makeStore<LocalKey>(safe('localStorage'));
export const session = makeStore<SessionKey>(safe('sessionStorage'));
