import {
  emailCreateSchema,
  emailListItemSchema,
  emailQuerySchema,
  emailSchema,
  emailUpdateSchema,
  pageOf,
  type EmailListItem,
} from '@casedesk/shared';
import type { ExportColumn } from '../../platform/export.js';
import { defineResource } from '../../platform/resource.js';
import { removeStoredFiles } from '../file/index.js';
import {
  addEmail,
  deleteEmails,
  emailAnswer,
  emailScope,
  exportEmails,
  listEmails,
  updateEmail,
  type EmailAnswer,
} from './email.service.js';
import { email } from './email.table.js';

const exportColumns: ExportColumn[] = [
  { header: 'Direction', field: 'direction', width: 8 },
  { header: 'Status', field: 'status', width: 10 },
  { header: 'Subject', field: 'subject', width: 40 },
  { header: 'From', field: 'from', width: 28 },
  { header: 'To', field: 'to', width: 40 },
  { header: 'Cc', field: 'cc', width: 30 },
  { header: 'Ticket', field: 'ticketCaseNumber', width: 18 },
  { header: 'Attachments', field: 'attachmentCount', width: 10 },
  { header: 'Created', field: 'createdAt' },
  { header: 'Sent', field: 'sendDate' },
  { header: 'Received', field: 'receivedAt' },
  { header: 'Attempts', field: 'attempts', width: 8 },
  { header: 'Error', field: 'error', width: 40 },
];

const schemas = {
  record: emailSchema,
  create: emailCreateSchema,
  update: emailUpdateSchema,
  query: emailQuerySchema,
  page: pageOf(emailListItemSchema),
};

/** E-mails both ways; outgoing drafts are written here, the rest by the outbox and the fetch job. */
export function createEmailResource(dataDir: string) {
  const resource = defineResource<typeof email, typeof schemas, EmailAnswer | EmailListItem>({
    name: 'Email',
    module: 'email',
    label: 'e-mail',
    table: email,
    schemas,
    keywordColumns: [email.subject, email.fromAddress],
    scope: emailScope,
    rowOf: emailAnswer,
    exportColumns,
    exportSheet: 'E-mails',
    operations: {
      query: listEmails,
      add: addEmail,
      update: updateEmail,
      async remove(db, actor, ids) {
        const { deleted, paths } = await deleteEmails(db, actor, ids);
        await removeStoredFiles(dataDir, paths);
        return deleted;
      },
      rowsForExport: exportEmails,
    },
  });
  return resource;
}
