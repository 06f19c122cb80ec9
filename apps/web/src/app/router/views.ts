import type { ComponentType } from 'react';

export type ViewLoader = () => Promise<{ default: ComponentType }>;

// The known screens: every page under features/<module>/pages, loaded only when its route is shown.
const modules = import.meta.glob<{ default: ComponentType }>([
  '../../features/*/pages/**/*.tsx',
  '!**/*.test.tsx',
  '!**/components/**',
]);

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

/** The files whose name matches a menu entry's component; an entry is used only when exactly one does. */
export function matchViews(component: string, files: readonly string[] = Object.keys(modules)): string[] {
  const wanted = normalize(component);
  if (!wanted) return [];
  return files.filter((file) => {
    const name = viewName(file);
    return name === wanted || name.endsWith(`/${wanted}`);
  });
}

export function resolveView(component: string): ViewLoader | undefined {
  const [match, ...others] = matchViews(component);
  return match && others.length === 0 ? modules[match] : undefined;
}
