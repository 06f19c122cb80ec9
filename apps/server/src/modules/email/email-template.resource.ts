import {
  emailTemplateCreateSchema,
  emailTemplateQuerySchema,
  emailTemplateSchema,
  emailTemplateUpdateSchema,
  seededTemplateCode,
} from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { checkTemplate } from './email-template.service.js';
import { emailTemplate } from './email.table.js';

/** Contract section 13: templates per event and language; status, event and language filter by equality. */
/** A seeded template's code in the catalog (`seededNames.emailTemplate`): its event and language. */
const templateCode = (row: Record<string, unknown>) =>
  typeof row.event === 'string' && typeof row.language === 'string'
    ? seededTemplateCode(row.event, row.language)
    : null;

export const emailTemplateResource = defineResource({
  name: 'EmailTemplate',
  module: 'emailTemplate',
  label: 'e-mail template',
  table: emailTemplate,
  schemas: {
    record: emailTemplateSchema,
    create: emailTemplateCreateSchema,
    update: emailTemplateUpdateSchema,
    query: emailTemplateQuerySchema,
  },
  keywordColumns: [emailTemplate.name, emailTemplate.description, emailTemplate.subject],
  defaultOrder: [
    { field: 'event', desc: false },
    { field: 'language', desc: false },
  ],
  check: checkTemplate,
  exportColumns: [
    { field: 'name', seeded: { kind: 'emailTemplate', code: templateCode }, width: 30 },
    { field: 'event', values: 'emailEvent', width: 18 },
    { field: 'language', values: 'language', width: 10 },
    { field: 'status', values: 'activeStatus', width: 10 },
    { field: 'subject', width: 50 },
    { field: 'description', seeded: { kind: 'emailTemplateDescription', code: templateCode }, width: 40 },
    { field: 'modifiedAt' },
  ],
});
