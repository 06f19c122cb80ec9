import { z } from 'zod';
import type { JobHandlerInfo } from '@casedesk/shared';
import type { JobHandler } from './job-handler.js';

/** The handlers this server can run, by className: what the app collected from every manifest. */
export type JobRegistry = {
  get(className: string): JobHandler | undefined;
  /** `GET ScheduleJob/Handlers`: each handler with its parameters as JSON Schema, by className. */
  describe(): JobHandlerInfo[];
};

export function createJobRegistry(handlers: readonly JobHandler[]): JobRegistry {
  const byName = new Map<string, JobHandler>();
  for (const handler of handlers) {
    if (byName.has(handler.className)) throw new Error(`Two job handlers are named ${handler.className}`);
    byName.set(handler.className, handler);
  }
  const infos = [...byName.values()]
    .map((handler) => ({
      className: handler.className,
      title: handler.title,
      // The form a client fills in: what the handler accepts, defaults included.
      paramsSchema: z.toJSONSchema(handler.params, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
    }))
    .sort((a, b) => a.className.localeCompare(b.className));
  return {
    get: (className) => byName.get(className),
    describe: () => infos,
  };
}
