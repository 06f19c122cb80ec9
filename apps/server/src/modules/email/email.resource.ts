import {
  emailCreateSchema,
  emailListItemSchema,
  emailQuerySchema,
  emailSchema,
  emailUpdateSchema,
  pageOf,
  type EmailListItem,
} from '@casedesk/shared';
import { getTableColumns, gte, lte, sql } from 'drizzle-orm';
import type { ExportColumn } from '../../platform/export.js';
import { defineResource } from '../../platform/resource.js';
import { ticket } from '../ticket/index.js';
import { removeStoredFiles } from '../file/index.js';
import { addEmail, deleteEmails, emailAnswer, emailScope, updateEmail, type EmailAnswer } from './email.service.js';
import { email } from './email.table.js';

const exportColumns: ExportColumn[] = [
  { field: 'direction', values: 'emailDirection', width: 8 },
  { field: 'status', values: 'emailStatus', width: 10 },
  { field: 'subject', width: 40 },
  { field: 'from', width: 28 },
  { field: 'to', width: 40 },
  { field: 'cc', width: 30 },
  { field: 'ticketCaseNumber', label: 'ticketNumber', width: 18 },
  { field: 'attachmentCount', label: 'attachments', width: 10 },
  { field: 'createdAt' },
  { field: 'sendDate' },
  { field: 'receivedAt' },
  { field: 'attempts', width: 8 },
  { field: 'error', width: 40 },
];

/** An e-mail as every read selects it: with its ticket's number and how many files it carries. */
const emailColumns = {
  ...getTableColumns(email),
  ticketCaseNumber: sql<string | null>`(select t.case_number from ${ticket} t where t.id = ${email.ticketId})`,
  attachmentCount: sql<number>`cardinality(${email.attachments})`.mapWith(Number),
};

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
    columns: emailColumns,
    keywordColumns: [email.subject, email.fromAddress, sql`array_to_string(${email.to} || ${email.cc}, ' ')`],
    sortable: {
      id: email.id,
      createdAt: email.createdAt,
      sendDate: email.sendDate,
      subject: email.subject,
      status: email.status,
    },
    sortNullsLow: true,
    // direction, status, ticketId and accountId are equalities on their columns; `to` is a time, not the column.
    filterFields: ['to'],
    filters: (query) => [
      query.from ? gte(email.createdAt, new Date(query.from)) : undefined,
      query.to ? lte(email.createdAt, new Date(query.to)) : undefined,
    ],
    scope: emailScope,
    rowOf: emailAnswer,
    exportColumns,
    operations: {
      add: addEmail,
      update: updateEmail,
      async remove(db, actor, ids) {
        const { deleted, paths } = await deleteEmails(db, actor, ids);
        await removeStoredFiles(dataDir, paths);
        return deleted;
      },
    },
  });
  return resource;
}
