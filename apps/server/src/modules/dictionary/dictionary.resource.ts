import {
  dictionaryCreateSchema,
  dictionaryDetailSchema,
  dictionaryQuerySchema,
  dictionarySchema,
  dictionaryUpdateSchema,
  type DictionaryCreate,
} from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { dictionariesReferencedBy, itemsOf, replaceItems } from './dictionary.service.js';
import { dictionary } from './dictionary.table.js';

export const dictionaryResource = defineResource({
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
    { field: 'code' },
    { field: 'name', seeded: { kind: 'dictionary', code: 'code' }, width: 30 },
    { field: 'category', seeded: { kind: 'dictionaryCategory', code: 'code' } },
    { field: 'description', width: 40 },
    { field: 'sort', width: 8 },
    { field: 'enable', values: 'boolean', width: 10 },
    { field: 'modifiedAt' },
  ],
});
