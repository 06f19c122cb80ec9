import {
  configurationCreateSchema,
  configurationQuerySchema,
  configurationSchema,
  configurationUpdateSchema,
} from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { configuration } from './configuration.table.js';

export const configurationResource = defineResource({
  name: 'Configuration',
  module: 'configuration',
  label: 'configuration',
  table: configuration,
  schemas: {
    record: configurationSchema,
    create: configurationCreateSchema,
    update: configurationUpdateSchema,
    query: configurationQuerySchema,
  },
  keywordColumns: [configuration.name, configuration.value, configuration.description],
  defaultOrder: [
    { field: 'sort', desc: false },
    { field: 'name', desc: false },
  ],
  exportColumns: [
    { field: 'name', width: 30 },
    { field: 'value', width: 40 },
    { field: 'typeId' },
    { field: 'description', width: 40 },
    { field: 'sort', width: 8 },
    { field: 'enable', values: 'boolean', width: 10 },
  ],
});
