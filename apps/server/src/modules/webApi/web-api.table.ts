import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns, timestamptz } from '../../platform/columns.js';
import { authorKeys } from '../user/user.table.js';

/** The server's own endpoints, written from the route table at every start; only `enabled` is edited. */
export const webApi = pgTable(
  'web_api',
  {
    ...recordColumns(),
    method: text('method').notNull(),
    url: text('url').notNull(),
    name: text('name').notNull(),
    area: text('area'),
    controller: text('controller'),
    action: text('action'),
    /** What the route requires: a permission code, `authenticated` or `public`. */
    code: text('code').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('web_api_method_url_uq').on(t.method, t.url),
    index('web_api_controller_idx').on(t.controller),
    ...authorKeys('web_api', t),
  ],
);
