import {
  mailAccountCreateSchema,
  mailAccountQuerySchema,
  mailAccountSchema,
  mailAccountUpdateSchema,
  emailMessages,
  msg,
} from '@casedesk/shared';
import { sql } from 'drizzle-orm';
import { defineResource } from '../../platform/resource.js';
import { accountAnswer, addMailAccount, updateMailAccount, type MailAccountAnswer } from './mail-account.service.js';
import { email, mailAccount } from './email.table.js';

const schemas = {
  record: mailAccountSchema,
  create: mailAccountCreateSchema,
  update: mailAccountUpdateSchema,
  query: mailAccountQuerySchema,
};

/** Settings → E-mail: the accounts, answered without their password (`hasPassword` instead). */
export const mailAccountResource = defineResource<typeof mailAccount, typeof schemas, MailAccountAnswer>({
  name: 'MailAccount',
  module: 'settings',
  // Settings' permissions are view and edit only (contract 13): every write needs `settings:edit`.
  access: {
    create: 'settings:edit',
    edit: 'settings:edit',
    delete: 'settings:edit',
    batchDelete: 'settings:edit',
    export: 'settings:view',
  },
  label: 'mail account',
  table: mailAccount,
  schemas,
  keywordColumns: [mailAccount.name, mailAccount.address, mailAccount.smtpHost, mailAccount.incomingHost],
  defaultOrder: [{ field: 'name', desc: false }],
  rowOf: accountAnswer,
  exportColumns: [
    { field: 'name', width: 24 },
    { field: 'address', width: 30 },
    { field: 'smtpHost', width: 24 },
    { field: 'incomingProtocol', width: 10 },
    { field: 'incomingHost', width: 24 },
    { field: 'isDefault', values: 'boolean', width: 8 },
    { field: 'status', values: 'activeStatus', width: 10 },
  ],
  // Mails keep their account as history (set null on delete); an account that still has queued mail stays.
  async referencedBy(tx, ids) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(email)
      .where(sql`${email.accountId} in ${ids} and ${email.status} in ('Sending', 'Draft')`);
    return row && row.n > 0 ? msg(emailMessages, 'accountHasQueuedMail', { count: row.n }) : undefined;
  },
  operations: { add: addMailAccount, update: updateMailAccount },
});
