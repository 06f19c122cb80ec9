import {
  emailMessages,
  macroMessages,
  msg,
  normalizeTag,
  ticketTagsSchema,
  type MacroAction,
  type MacroApply,
  type TicketOutcome,
} from '@casedesk/shared';
import type { Db, Tx } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, fieldRefusal, invalidInput } from '../../platform/errors.js';
import type { Language } from '../../platform/translator.js';
import { agentTextValues, checkTemplateSyntax, renderTemplate } from '../email/index.js';
import {
  addCommentIn,
  changeTicketIn,
  checkProject,
  checkUsers,
  idsOfQuery,
  tagsOfTicket,
  workOnEachTicket,
  type TicketWork,
} from '../ticket/index.js';
import { activeGroupIds } from '../userGroup/index.js';

type MacroInput = { actions?: MacroAction[] | undefined; groupIds?: number[] | undefined };

/** A refusal of a check made for a ticket field, moved to the action it stands in (`actions.2.set.assignTo`). */
async function atAction<T>(index: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const first = error instanceof AppError ? error.errors?.[0] : undefined;
    if (first?.messageKey) {
      const message = { key: first.messageKey, values: first.messageValues ?? {}, text: first.message };
      throw fieldRefusal(`actions.${index}.set.${first.field}`, message);
    }
    throw error;
  }
}

/**
 * A macro's references, judged when it is saved as the caller could set them by hand: its groups exist and are
 * active, an assignee is an active user, a project is one the caller may use, a comment's template parses. What
 * depends on the ticket (a status move, a category of its project) is judged when applied, ticket by ticket.
 */
export async function checkMacro(tx: Tx, actor: Actor, input: MacroInput): Promise<void> {
  const groupIds = [...new Set(input.groupIds ?? [])];
  if ((await activeGroupIds(tx, groupIds)).size !== groupIds.length)
    throw fieldRefusal('groupIds', msg(macroMessages, 'groupUnknown'));
  for (const [index, action] of (input.actions ?? []).entries()) {
    const { set, comment } = action;
    if (set?.assignTo) await atAction(index, () => checkUsers(tx, [set.assignTo!], 'assignTo'));
    if (set?.projectId) await atAction(index, () => checkProject(tx, actor, set.projectId!));
    if (comment) {
      try {
        checkTemplateSyntax('body', comment.body);
      } catch {
        throw fieldRefusal(`actions.${index}.comment.body`, msg(emailMessages, 'templateSyntax'));
      }
    }
  }
}

/** The ticket's tags after adding or removing some; more than a ticket may carry is refused as Update would. */
async function tagsAfter(tx: Tx, ticketId: number, add: string[], remove: string[]): Promise<string[] | undefined> {
  const before = await tagsOfTicket(tx, ticketId);
  const removed = new Set(remove.map(normalizeTag));
  const after = [...new Set([...before, ...add.map(normalizeTag)])].filter((tag) => !removed.has(tag));
  const parsed = ticketTagsSchema.safeParse(after);
  if (!parsed.success) throw invalidInput(parsed.error.issues.map((issue) => ({ field: 'tags', issue })));
  return parsed.data;
}

/** The steps of a macro as one ticket's work: fields, tags and comments in the macro's order. */
function macroWork(actor: Actor, actions: MacroAction[], language: Language): TicketWork {
  return async (tx, before, settings) => {
    let current = before;
    for (const action of actions) {
      if (action.set) current = await changeTicketIn(tx, actor, current, action.set, settings);
      if (action.addTags || action.removeTags) {
        const tags = await tagsAfter(tx, current.id, action.addTags ?? [], action.removeTags ?? []);
        current = await changeTicketIn(tx, actor, current, { tags }, settings);
      }
      if (action.comment) {
        // The canned replies' values (ticket, customer, agent), worded for the agent who applies the macro; escaped
        // into the HTML by the templates' sandbox, which is sanitised on save.
        const values = (await agentTextValues(tx, actor, current.id, language)) ?? {};
        const { body } = await renderTemplate({ subject: '', body: action.comment.body }, values);
        // A public comment reaches the customer as any public comment does (ticket.commented, after commit).
        await addCommentIn(tx, actor, { ticketId: current.id, comment: body, public: action.comment.public });
      }
    }
  };
}

/** `Macro/Apply`: the macro's steps on each ticket, one transaction per ticket under its normal rules. */
export async function applyMacro(
  db: Db,
  actor: Actor,
  input: MacroApply,
  language: Language,
  macro: { actions: MacroAction[] },
): Promise<TicketOutcome[]> {
  const ids = input.ticketIds ?? (await idsOfQuery(db, actor, input.query ?? {}));
  return workOnEachTicket(db, actor, ids, language, macroWork(actor, macro.actions, language));
}
