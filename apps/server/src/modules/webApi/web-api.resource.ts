import { webApiQuerySchema, webApiSchema } from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { webApi } from './web-api.table.js';

export const webApiResource = defineResource({
  name: 'WebApi',
  module: 'webApi',
  label: 'web API',
  table: webApi,
  schemas: { record: webApiSchema, create: webApiSchema, update: webApiSchema, query: webApiQuerySchema },
  keywordColumns: [webApi.url, webApi.name, webApi.controller, webApi.code],
  defaultOrder: [
    { field: 'controller', desc: false },
    { field: 'url', desc: false },
    { field: 'method', desc: false },
  ],
  exportColumns: [
    { field: 'method', width: 8 },
    { field: 'url', width: 40 },
    { field: 'name', width: 30 },
    { field: 'area' },
    { field: 'controller' },
    { field: 'action' },
    { field: 'code', label: 'permission', width: 25 },
    { field: 'enabled', values: 'boolean', width: 10 },
  ],
});
