import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  dictionaryItemSchema,
  dictionaryCreateSchema,
  dictionaryDetailSchema,
  dictionaryQuerySchema,
  dictionarySchema,
  dictionaryUpdateSchema,
  type DictionaryCreate,
} from '@casedesk/shared';
import type { Db } from '../../db/database.js';
import { createResourceService, registerResource } from '../../platform/resource.js';
import { ok } from '../../platform/envelope.js';
import { dictionariesReferencedBy, enabledItemsByCode, itemsOf, replaceItems } from './dictionary.service.js';
import { dictionary } from './dictionary.table.js';

export const dictionaryService = createResourceService({
  name: 'Dictionary',
  module: 'dictionary',
  label: 'dictionary',
  table: dictionary,
  schemas: {
    record: dictionarySchema,
    create: dictionaryCreateSchema,
    update: dictionaryUpdateSchema,
    query: dictionaryQuerySchema,
    detail: dictionaryDetailSchema,
  },
  keywordColumns: [dictionary.code, dictionary.name, dictionary.description],
  defaultOrder: [
    { field: 'sort', desc: false },
    { field: 'code', desc: false },
  ],
  loadDetail: async (q, record) => ({ items: await itemsOf(q, record.id) }),
  // Saved items get new ids, so the audit compares them by content.
  auditChildren: async (q, id) => ({ items: (await itemsOf(q, id)).map(({ id: _id, ...item }) => item) }),
  referencedBy: dictionariesReferencedBy,
  saveChildren: async (tx, id, input) => {
    const { items } = input as Partial<DictionaryCreate>;
    if (items !== undefined) await replaceItems(tx, id, items);
  },
  exportColumns: [
    { header: 'Code', field: 'code' },
    { header: 'Name', field: 'name', width: 30 },
    { header: 'Category', field: 'category' },
    { header: 'Description', field: 'description', width: 40 },
    { header: 'Sort', field: 'sort', width: 8 },
    { header: 'Enabled', field: 'enable', width: 10 },
    { header: 'Modified', field: 'modifiedAt' },
  ],
});

export function registerDictionaryRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, dictionaryService);
  // Drop-downs across the app read a dictionary by code; every signed-in user may, and sees only enabled items.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/Dictionary/Items/:code',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['Dictionary'],
        params: z.object({ code: z.string().trim().min(1).max(50) }),
        response: { 200: envelopeSchema(z.array(dictionaryItemSchema)) },
      },
    },
    async (request) => ok(await enabledItemsByCode(db, request.params.code)),
  );
}
