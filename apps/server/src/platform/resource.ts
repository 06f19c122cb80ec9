/**
 * The generic CRUD block of contract section 6, by role: `resource-description.ts` (what a module describes),
 * `resource-define.ts` (the generic calls built from the description), `resource-list.ts` (the one
 * paging-and-sorting helper, keyword and filters), `resource-routes.ts` (the nine routes). Modules import it
 * from here.
 */
export * from './resource-define.js';
export * from './resource-list.js';
export * from './resource-routes.js';
