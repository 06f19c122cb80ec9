import {
  emailTemplateCreateSchema,
  emailTemplateQuerySchema,
  emailTemplateSchema,
  emailTemplateUpdateSchema,
} from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { checkTemplate } from './email-template.service.js';
import { emailTemplate } from './email.table.js';

/** Contract section 13: templates per event and language; status, event and language filter by equality. */
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
    { header: 'Name', field: 'name', width: 30 },
    { header: 'Event', field: 'event', width: 18 },
    { header: 'Language', field: 'language', width: 10 },
    { header: 'Status', field: 'status', width: 10 },
    { header: 'Subject', field: 'subject', width: 50 },
    { header: 'Description', field: 'description', width: 40 },
    { header: 'Modified', field: 'modifiedAt' },
  ],
});
