import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

export function setThemeDrawerOpen(next: boolean): void {
  open = next;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => open;

export const useThemeDrawerOpen = () => useSyncExternalStore(subscribe, snapshot, snapshot);
