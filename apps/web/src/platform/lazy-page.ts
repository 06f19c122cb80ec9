import { lazy, type ComponentType } from 'react';
import { session } from './storage';
import { progress } from './progress';

/**
 * A screen loaded when first shown. If its chunk cannot be loaded (typically a new deployment replaced it),
 * the browser reloads at the target path once (route guard rule 5).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    progress.start();
    try {
      const module = await load();
      session.remove('reloadedFor');
      return module;
    } catch (error) {
      const target = window.location.pathname + window.location.search;
      if (session.get<string>('reloadedFor') !== target) {
        session.set('reloadedFor', target);
        window.location.reload();
        return new Promise<never>(() => undefined);
      }
      throw error;
    } finally {
      progress.done();
    }
  });
}
