import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { loadTextAreas, registerTextFiles } from '../../platform/i18n';
import { screenTextAreas } from './screen-texts';

export type ViewLoader = () => Promise<{ default: ComponentType }>;
/** A screen's `prefetch.ts` next to its page: starts the page's first query, with the same key and rules. */
export type ViewPrefetch = (client: QueryClient) => void;

// The known screens: every page under features/<module>/pages, loaded only when its route is shown.
const pageModules = import.meta.glob<{ default: ComponentType }>([
  '../../features/*/pages/**/*.tsx',
  '!**/*.test.tsx',
  '!**/components/**',
]);

// The screens' first queries, started before the screen's code (many files) is asked for: bundled here, so that
// the data request does not wait behind the code for one of the browser's few connections.
const prefetchers = import.meta.glob<ViewPrefetch>('../../features/*/pages/**/prefetch.ts', {
  eager: true,
  import: 'prefetch',
});

/** `../../features/ticket/pages/list/index.tsx` → `ticket/list` (a trailing `/index` never matters). */
export function viewName(file: string): string {
  return file
    .replace(/^.*?features\//, '')
    .replace('/pages/', '/')
    .replace(/\.tsx$/, '')
    .replace(/\/index$/, '');
}

const normalize = (component: string) =>
  component
    .trim()
    .replace(/^\/+/, '')
    .replace(/\.(tsx|jsx|vue|ts|js)$/, '')
    .replace(/(^|\/)index$/, '');

// Each screen's name, worked out once: the menu asks for one per entry, and there are hundreds of each.
const moduleViewNames = new Map(Object.keys(pageModules).map((file) => [file, viewName(file)]));

// The screens' texts: every area's files but the shell's, which platform/i18n.ts lists itself.
registerTextFiles(
  import.meta.glob([
    '/src/**/locales/*.json',
    '!/src/app/**',
    '!/src/features/{auth,notification}/**',
    '!/src/platform/locales/**',
    '!/src/platform/{forms,two-factor,crud,labels,keyboard}/**',
  ]),
);

// A screen's code comes with its texts (screen-texts.ts: its feature's and those it borrows), so it never renders a
// raw key; the shell's are the layout's to load.
const modules: Record<string, ViewLoader> = Object.fromEntries(
  Object.entries(pageModules).map(([file, load]) => [
    file,
    // The areas are worked out when the route loads, not for every page when the app starts.
    async () => (await Promise.all([load(), loadTextAreas(screenTextAreas(moduleViewNames.get(file)!))]))[0],
  ]),
);

/** The files whose name matches a menu entry's component; an entry is used only when exactly one does. */
export function matchViews(component: string, files: readonly string[] = [...moduleViewNames.keys()]): string[] {
  const wanted = normalize(component);
  if (!wanted) return [];
  return files.filter((file) => {
    const name = moduleViewNames.get(file) ?? viewName(file);
    return name === wanted || name.endsWith(`/${wanted}`);
  });
}

export function resolveView(component: string): ViewLoader | undefined {
  const [match, ...others] = matchViews(component);
  return match && others.length === 0 ? modules[match] : undefined;
}

/** The prefetch of the page a loader loads, if that page has one. */
export function prefetchOf(load: ViewLoader): ViewPrefetch | undefined {
  const file = Object.keys(modules).find((key) => modules[key] === load);
  return file ? prefetchers[file.replace(/[^/]+\.tsx$/, 'prefetch.ts')] : undefined;
}

// An address's last segment that is a record's id (`/ticket/edit/42`), as a menu route's `:id` takes it.
const idSegment = /^(\d+|[0-9a-f]{8}-[0-9a-f-]{27})$/i;

/**
 * The screen an address names, whether or not the user's menu offers it: the address (less a trailing id) matched
 * to a page the way the menu's component names match (`/system/user` -> organization/system/user). Not the
 * sign-in pages (their own routes) nor the files a page keeps next to it (`ticket/list/TicketFilters`).
 */
export function screenAt(pathname: string): ViewLoader | undefined {
  const segments = pathname.split('/').filter(Boolean);
  const names = [segments.join('/')];
  if (segments.length > 1 && idSegment.test(segments.at(-1)!)) names.push(segments.slice(0, -1).join('/'));
  for (const name of names) {
    const [file, ...others] = matchViews(name);
    if (!file || others.length > 0) continue;
    const view = moduleViewNames.get(file) ?? viewName(file);
    if (view.startsWith('auth/') || !/^[a-z][A-Za-z]*$/.test(view.split('/').at(-1)!)) continue;
    return modules[file];
  }
  return undefined;
}
