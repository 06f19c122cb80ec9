import { local } from './storage';

/** Last user activity, shared by all tabs (activity in one tab keeps the others alive too). */
export const lastActivity = () => local.get<number>('lastActivity') ?? Date.now();

export function recordActivity(now = Date.now()): void {
  local.set('lastActivity', now);
}
