import { type TriggerAction, type TriggerDryRun, type TriggerDryRunResult } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Db } from '../../platform/db.js';
import { AppError, notFound, refusalWords } from '../../platform/errors.js';
import type { Language } from '../../platform/translator.js';
import { readSettings } from '../setting/index.js';
import { lockedTicketRecord, tagsOfTicket, ticketVisible } from '../ticket/index.js';
import { dryRunSummary } from './trigger-dry-run-words.js';
import { runAction, type ActionRun } from './trigger-actions.service.js';
import { conditionHolds } from './trigger-conditions.js';
import { ticketFields } from './trigger-engine.service.js';
import { checkTrigger } from './trigger.service.js';

/** Thrown at the end of a dry run so that its transaction rolls back whatever the actions wrote. */
class RolledBack extends Error {}

const kindOf = (action: TriggerAction) =>
  Object.keys(action).find((key) => action[key as keyof TriggerAction] !== undefined) ?? '';

/**
 * `Trigger/DryRun`: the trigger as given (saved or not) against one ticket the caller may see. The actions run as
 * they would, as the caller, in a transaction that is rolled back: nothing is written, queued or logged.
 */
export async function dryRunTrigger(db: Db, actor: Actor, input: TriggerDryRun, language: Language) {
  if (!(await ticketVisible(db, actor, input.ticketId))) throw notFound();
  let answer: TriggerDryRunResult | undefined;
  try {
    await db.transaction(async (tx) => {
      await checkTrigger(tx, { ...input.trigger, status: 'Inactive' }, undefined, actor).catch((error: unknown) => {
        // A name already taken is no reason not to try the rule.
        if (!(error instanceof AppError && error.errors?.every((fault) => fault.field === 'name'))) throw error;
      });
      const record = await lockedTicketRecord(tx, input.ticketId);
      if (!record) throw notFound();
      const fields = await ticketFields(tx, record, input.trigger.conditions);
      const conditions = input.trigger.conditions.map((condition, index) => ({
        index,
        holds: conditionHolds(condition, fields, undefined),
        actual: condition.field.startsWith('comment.') ? null : (fields[condition.field] ?? null),
      }));
      const run: ActionRun = {
        actor,
        trigger: { id: 0, name: input.trigger.name },
        event: input.trigger.event,
        changes: undefined,
        settings: await readSettings(tx),
        current: record,
        sent: 0,
      };
      const actions: TriggerDryRunResult['actions'] = [];
      for (const [index, action] of input.trigger.actions.entries()) {
        const kind = kindOf(action);
        const before = run.current;
        try {
          const touchesTags = Boolean(action.addTags || action.removeTags || action.set?.tags);
          const tagsBefore = touchesTags ? await tagsOfTicket(tx, record.id) : [];
          await tx.transaction(async (savepoint) => runAction(savepoint, run, action));
          const changes: Record<string, { from: unknown; to: unknown }> = {};
          for (const key of Object.keys(action.set ?? {}) as (keyof typeof before)[])
            if (
              (key as string) !== 'tags' &&
              JSON.stringify(before[key] ?? null) !== JSON.stringify(run.current[key] ?? null)
            )
              changes[key] = { from: before[key] ?? null, to: run.current[key] ?? null };
          const tagsNow = touchesTags ? await tagsOfTicket(tx, record.id) : [];
          if (JSON.stringify(tagsBefore) !== JSON.stringify(tagsNow)) changes.tags = { from: tagsBefore, to: tagsNow };
          const summary = await dryRunSummary(tx, action, run.current, language);
          actions.push({ index, kind, changes, summary, problem: null });
        } catch (error) {
          run.current = before;
          const problem = error instanceof AppError ? refusalWords(error, language).message : String(error);
          actions.push({ index, kind, changes: {}, summary: '', problem });
        }
      }
      answer = { matched: conditions.every((c) => c.holds !== false), conditions, actions };
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return answer!;
}
