import { useSyncExternalStore } from 'react';

/** Navigation progress (spec: a bar without spinner): counts lazy loads and route fetches in flight. */
let pending = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const progress = {
  start(): void {
    pending += 1;
    emit();
  },
  done(): void {
    pending = Math.max(0, pending - 1);
    emit();
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const busy = () => pending > 0;

export function ProgressBar() {
  const active = useSyncExternalStore(subscribe, busy, busy);
  return (
    <div className={`nav-progress${active ? ' nav-progress--active' : ''}`} role="progressbar" aria-hidden={!active} />
  );
}
