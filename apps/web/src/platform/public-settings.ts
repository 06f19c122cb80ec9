import { useSyncExternalStore } from 'react';
import { maxUploadBytes, type PublicSettings } from '@casedesk/shared';
import { appConfig } from './config';
import { http } from './http/client';

/** What the shell shows until `GET /api/Settings/Public` answers (the server's own defaults). */
export const defaultPublicSettings: PublicSettings = {
  productTitle: appConfig.productTitle,
  defaultLanguage: 'en',
  timeZone: 'UTC',
  ssoButton: false,
  maxUploadSizeMb: maxUploadBytes / 1024 / 1024,
  allowedUploadTypes: [],
};

let current = defaultPublicSettings;
const listeners = new Set<() => void>();

export const getPublicSettings = () => current;

export function setPublicSettings(next: PublicSettings): void {
  current = next;
  listeners.forEach((listener) => listener());
}

/**
 * Reads the public settings (no session needed) and publishes them; on failure the shell keeps
 * what it has. Answers what is current either way.
 */
export async function loadPublicSettings(): Promise<PublicSettings> {
  try {
    const settings = await http.get<PublicSettings>('/api/Settings/Public', undefined, {
      anonymous: true,
      quiet: true,
      timeoutMs: 4000,
    });
    if (settings?.productTitle) setPublicSettings({ ...defaultPublicSettings, ...settings });
  } catch {
    // Unreachable server: the sign-in page shows the defaults and its own error on sign-in.
  }
  return current;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function usePublicSettings(): PublicSettings {
  return useSyncExternalStore(subscribe, getPublicSettings, getPublicSettings);
}

/** `{page} - {product}` (spec section 1), or the product alone. */
export const documentTitle = (page: string | undefined, productTitle: string) =>
  page ? `${page} - ${productTitle}` : productTitle;
