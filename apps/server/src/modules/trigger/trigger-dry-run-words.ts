import { eq, inArray } from 'drizzle-orm';
import type { TriggerAction } from '@casedesk/shared';
import type { Tx } from '../../platform/db.js';
import { textAt, type Language } from '../../platform/translator.js';
import { emailTemplate } from '../email/index.js';
import type { TicketRecord } from '../ticket/index.js';
import { appUser, userDisplayNameSql } from '../user/index.js';
import { userGroup } from '../userGroup/index.js';
import { webhook } from '../webhook/index.js';

/** `{{name}}` placeholders filled, as the web's i18next does. */
const filled = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);

const said = (language: Language, key: string, values: Record<string, string> = {}) =>
  filled(textAt(language, `automation.dryRun.summary.${key}`) ?? key, values);

async function userNames(tx: Tx, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ name: userDisplayNameSql })
    .from(appUser)
    .where(inArray(appUser.id, [...ids]));
  return rows.map((row) => String(row.name));
}

async function groupNames(tx: Tx, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ name: userGroup.name })
    .from(userGroup)
    .where(inArray(userGroup.id, [...ids]));
  return rows.map((row) => row.name);
}

/**
 * What an action would send or write, for a person, in their language (`summary` of the dry run): the mail's template
 * and recipients, who the bell rings for, the webhook's name, the kind of comment. Field changes are listed apart.
 */
export async function dryRunSummary(
  tx: Tx,
  action: TriggerAction,
  ticket: TicketRecord,
  language: Language,
): Promise<string> {
  const list = (names: string[]) => names.join(textAt(language, 'values.listSeparator') ?? ', ');
  if (action.comment) return said(language, action.comment.public ? 'publicComment' : 'comment');
  if (action.mail) {
    const [template] = await tx
      .select({ name: emailTemplate.name })
      .from(emailTemplate)
      .where(eq(emailTemplate.id, action.mail.templateId));
    const { to } = action.mail;
    const recipients =
      to === 'customer'
        ? (ticket.customerEmail ?? said(language, 'nobody'))
        : to === 'assignee'
          ? ((await userNames(tx, ticket.assignTo === null ? [] : [ticket.assignTo]))[0] ?? said(language, 'nobody'))
          : list(await userNames(tx, to));
    return said(language, 'mail', { template: template?.name ?? '', to: recipients });
  }
  if (action.notify) {
    const names = [...(await userNames(tx, action.notify.userIds)), ...(await groupNames(tx, action.notify.groupIds))];
    return said(language, 'notify', { who: list(names) });
  }
  if (action.webhookId !== undefined) {
    const [found] = await tx.select({ name: webhook.name }).from(webhook).where(eq(webhook.id, action.webhookId));
    return said(language, 'webhook', { name: found?.name ?? '' });
  }
  return '';
}
