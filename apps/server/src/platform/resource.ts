/**
 * The generic CRUD block of contract section 6, by role: `resource-define.ts` (a record described once, the
 * generic calls built from it), `resource-list.ts` (the one paging-and-sorting helper, keyword and filters),
 * `resource-routes.ts` (the nine routes). Modules import it from here.
 */
export * from './resource-define.js';
export * from './resource-list.js';
export * from './resource-routes.js';
