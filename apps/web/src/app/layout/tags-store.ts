import { useSyncExternalStore } from 'react';
import { session } from '../../platform/storage';

/** One open tab of the tags view; its title is worked out when shown (it follows the language). */
export type Tag = {
  /** pathname + search: one tab per address (pathname alone for a one-tab screen, see `tabKey`). */
  key: string;
  /** The query of the address last shown, when the key leaves it out. */
  search?: string;
  pathname: string;
  /** The route pattern it matched (`/ticket/edit/:id`). */
  routePath: string;
  params: Record<string, string | undefined>;
  affix: boolean;
};

// Screens that keep one tab whatever their query shows: Help moves between its pages (?page=) in one tab.
const oneTabPaths = new Set(['/help']);

/** The tab (and keep-alive) key of an address. */
export const tabKey = (pathname: string, search: string) =>
  oneTabPaths.has(pathname.toLowerCase()) ? pathname : pathname + search;

/** Where a tab leads: its address as last shown. */
export const tagHref = (tag: Pick<Tag, 'key' | 'search'>) => tag.key + (tag.search ?? '');

type TagsState = { tags: Tag[]; versions: Record<string, number> };

const initialTags = (): Tag[] => {
  const stored = session.get<Tag[]>('tagsViewList');
  return Array.isArray(stored) ? stored.filter((t) => typeof t?.key === 'string') : [];
};

let state: TagsState = { tags: initialTags(), versions: {} };
const listeners = new Set<() => void>();

function set(next: TagsState) {
  state = next;
  session.set('tagsViewList', next.tags);
  listeners.forEach((listener) => listener());
}

export const getTags = () => state.tags;

/** Keeps the affix tabs first and in menu order, then the others in the order they were opened. */
export function syncTags(affix: Tag[], current: Tag | null): void {
  const others = state.tags.filter((t) => !affix.some((a) => a.key === t.key) && !t.affix);
  if (current && !current.affix && !others.some((t) => t.key === current.key)) others.push(current);
  const tags = [...affix, ...others.map((t) => (current && t.key === current.key ? current : t))];
  if (JSON.stringify(tags) !== JSON.stringify(state.tags)) set({ ...state, tags });
}

/** Closes a tab; returns the key of the tab to show instead when it was the active one. */
export function closeTag(key: string, activeKey: string): string | null {
  const index = state.tags.findIndex((t) => t.key === key);
  const tag = state.tags[index];
  if (!tag || tag.affix) return null;
  const tags = state.tags.filter((t) => t.key !== key);
  set({ ...state, tags });
  if (key !== activeKey) return null;
  return (tags[index] ?? tags[index - 1] ?? tags[0])?.key ?? '/';
}

export function closeOtherTags(key: string): void {
  set({ ...state, tags: state.tags.filter((t) => t.affix || t.key === key) });
}

/** Closes every tab that can be closed; returns where to go. */
export function closeAllTags(): string {
  const tags = state.tags.filter((t) => t.affix);
  set({ ...state, tags });
  return tags[0]?.key ?? '/';
}

/** Shows a tab's page afresh (its kept state is dropped). */
export function refreshTag(key: string): void {
  set({ ...state, versions: { ...state.versions, [key]: (state.versions[key] ?? 0) + 1 } });
}

export function clearTags(): void {
  set({ tags: [], versions: {} });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

export function useTags(): TagsState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
