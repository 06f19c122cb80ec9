import { useSyncExternalStore } from 'react';
import type { WebMenu } from '@casedesk/shared';
import { getSession, subscribeSession } from './auth-store';
import { ApiError, endSession, http } from './http/client';
import { progress } from './progress';

export type MenuState = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  menus: WebMenu[];
  /** Whose menus these are: a different user means loading again. */
  userId: number | null;
};

let state: MenuState = { status: 'idle', menus: [], userId: null };
const listeners = new Set<() => void>();
const set = (next: MenuState) => {
  state = next;
  listeners.forEach((listener) => listener());
};

/**
 * Whether a page opened at this address will ask for the menu (route guard rule 4): signed in, no password change
 * pending, and not one of the pages outside the menu. Lets start-up ask for the menu (and a screen) early.
 */
export function menusWantedAt(path: string): boolean {
  const { token, needToChangePwd } = getSession();
  return Boolean(token) && !needToChangePwd && !['/login', '/change', '/401', '/reset-password'].includes(path);
}

/** Fetches the signed-in user's routes (guard rule 4); an aborted request is tried again. */
export async function loadMenus(attempt = 0): Promise<void> {
  const userId = getSession().userInfo?.userId ?? null;
  if (state.status === 'loading' && attempt === 0) return;
  set({ ...state, status: 'loading' });
  progress.start();
  try {
    const menus = await http.get<WebMenu[]>('/api/Menu/WebMenus', undefined, { quiet: true });
    set({ status: 'ready', menus, userId });
  } catch (error) {
    const aborted = error instanceof ApiError && (error.kind === 'timeout' || /abort/i.test(error.message));
    if (aborted && attempt < 2) return loadMenus(attempt + 1);
    set({ status: 'error', menus: [], userId });
    if (!(error instanceof ApiError && error.kind === 'session'))
      endSession(`route loading failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    progress.done();
  }
}

/** Reloads the routes in the background after an administrator edits the menu; the screen stays up meanwhile. */
export async function refreshMenus(): Promise<void> {
  if (state.status !== 'ready') return loadMenus();
  const userId = state.userId;
  const menus = await http.get<WebMenu[]>('/api/Menu/WebMenus', undefined, { quiet: true }).catch(() => null);
  if (menus && state.status === 'ready' && state.userId === userId) set({ ...state, menus });
}

export function resetMenus(): void {
  if (state.status !== 'idle') set({ status: 'idle', menus: [], userId: null });
}

// A session that ends, or another user, drops the routes.
subscribeSession(() => {
  const { token, userInfo } = getSession();
  if (!token || (state.userId !== null && userInfo?.userId !== state.userId)) resetMenus();
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

export function useMenuState(): MenuState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
