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
    { header: 'Method', field: 'method', width: 8 },
    { header: 'URL', field: 'url', width: 40 },
    { header: 'Name', field: 'name', width: 30 },
    { header: 'Area', field: 'area' },
    { header: 'Controller', field: 'controller' },
    { header: 'Action', field: 'action' },
    { header: 'Permission', field: 'code', width: 25 },
    { header: 'Enabled', field: 'enabled', width: 10 },
  ],
});
