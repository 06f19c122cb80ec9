import { useSyncExternalStore } from 'react';
import { local } from '../../platform/storage';

/** Whether the screen is locked; kept in local storage so a reload or another tab cannot skip the lock. */
let locked = local.get<boolean>('locked') === true;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function lockScreen(): void {
  local.set('locked', true);
  locked = true;
  emit();
}

export function unlockScreen(): void {
  local.remove('locked');
  local.set('lastActivity', Date.now());
  locked = false;
  emit();
}

export function reloadLock(): void {
  const next = local.get<boolean>('locked') === true;
  if (next !== locked) {
    locked = next;
    emit();
  }
}

export const isLocked = () => locked;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useLocked(): boolean {
  return useSyncExternalStore(subscribe, isLocked, isLocked);
}
