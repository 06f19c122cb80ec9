import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { msg, webhookMessages, webhookRetryHours } from '@casedesk/shared';
import { writeAudit } from '../../platform/audit.js';
import type { Tx } from '../../platform/db.js';
import { escapeHtml } from '../../platform/html.js';
import { languageFrom, translate, type Language } from '../../platform/translator.js';
import { queueEmail } from '../email/index.js';
import { role } from '../role/index.js';
import { appUser, userRole } from '../user/index.js';
import { webhook } from './webhook.table.js';

type WebhookRow = typeof webhook.$inferSelect;

/**
 * A webhook whose deliveries all failed for `webhookRetryHours` is switched off (Inactive, `disabledByFailures`),
 * audited, and every active administrator is mailed in their language. The conditional update makes it once: a
 * second failure in another process finds it Inactive already.
 */
export async function disableFailingWebhook(tx: Tx, hook: WebhookRow, now: Date): Promise<boolean> {
  if (hook.status !== 'Active' || !hook.failingSince) return false;
  if (now.getTime() - hook.failingSince.getTime() < webhookRetryHours * 3_600_000) return false;
  const [off] = await tx
    .update(webhook)
    .set({
      status: 'Inactive',
      disabledByFailures: true,
      rowVersion: sql`${webhook.rowVersion} + 1`,
      modifiedAt: now,
    })
    .where(and(eq(webhook.id, hook.id), eq(webhook.status, 'Active')))
    .returning({ id: webhook.id });
  if (!off) return false;
  await writeAudit(tx, {
    entity: 'Webhook',
    entityId: hook.id,
    action: 'update',
    actorId: null,
    changes: { status: { from: 'Active', to: 'Inactive' }, disabledByFailures: { from: false, to: true } },
  });
  const admins = await tx
    .selectDistinct({ id: appUser.id, email: appUser.email, language: appUser.language })
    .from(appUser)
    .innerJoin(userRole, eq(userRole.userId, appUser.id))
    .innerJoin(role, eq(role.id, userRole.roleId))
    .where(
      and(eq(role.code, 'admin'), eq(appUser.status, 'Active'), isNull(appUser.deletedAt), isNotNull(appUser.email)),
    );
  for (const admin of admins) {
    if (!admin.email) continue;
    const language: Language = languageFrom(admin.language) ?? 'en';
    const subject = msg(webhookMessages, 'disabledSubject', { name: hook.name });
    const body = msg(webhookMessages, 'disabledBody', { name: hook.name, hours: webhookRetryHours });
    await queueEmail(tx, {
      to: [admin.email],
      subject: translate(language, subject) ?? subject.text,
      body: `<p>${escapeHtml(translate(language, body) ?? body.text)}</p>`,
      language,
    });
  }
  return true;
}
