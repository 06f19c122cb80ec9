import type { CustomFieldDefinition, InstanceStatus, WorkflowType } from '@casedesk/shared';
import type { Actor } from './actor.js';
import type { Tx } from './db.js';

/** A business record as a workflow sees it: what conditions, the registry and approver rules read. */
export type WorkflowRecord = {
  /** The instance's title (e.g. the case number and subject). */
  title: string;
  /** The record's project, when it has one (delegations per project apply by it). */
  projectId: number | null;
  /**
   * Exactly the fields `businessFields[type]` names (packages/shared), with their current values, and the record's
   * custom values as `custom.<key>` (`customFieldEntries`), which conditions and approver rules read alike.
   */
  fields: Record<string, unknown>;
  /** Names for id and user fields (project, category, person ...), for readers of the instance page. */
  texts?: Record<string, string>;
  /** The record type's custom field definitions, so readers get the `custom.<key>` fields in their words. */
  customFields?: CustomFieldDefinition[];
};

/**
 * How a business type (Ticket now; Invoice and Requisition later) plugs into the workflow engine. The module
 * that owns the record offers one in its manifest (`workflowTypes: [...]`), so the engine never imports it.
 * Every call runs inside the engine's transaction.
 */
export type WorkflowBusinessType = {
  type: WorkflowType;
  /**
   * The record, locked (`for update`) so it cannot change under the running action; null when it does not
   * exist or, with an actor, when the actor may not see it (the engine answers 404 as for any hidden record).
   */
  load(tx: Tx, id: number, actor: Actor | null): Promise<WorkflowRecord | null>;
  /** Whether the actor may submit this record for approval (beyond seeing it); a refusal throws AppError. */
  checkSubmit?(tx: Tx, id: number, actor: Actor): Promise<void>;
  /**
   * Writes the fields an approver may change at a node (already filtered to the node's `write` fields; custom
   * ones as `custom.<key>`, checked like a form's, refusals worded for `actor`).
   */
  writeFields?(tx: Tx, id: number, fields: Record<string, unknown>, actorId: number, actor?: Actor): Promise<void>;
  /**
   * The instance's state changed: `Running` at submit and resubmit, `Returned` when it waits for the initiator,
   * then `Approved` | `Rejected` | `Cancelled`. The record applies the outcome (status, history) here.
   */
  onStatus(
    tx: Tx,
    id: number,
    change: {
      status: InstanceStatus | 'Returned';
      instanceId: number;
      actorId: number | null;
      comment?: string | null;
    },
  ): Promise<void>;
  /** The web app's page of the record (links in task mails and notifications). */
  path(id: number): string;
};

let types: ReadonlyMap<WorkflowType, WorkflowBusinessType> = new Map();

/** The app sets the business types of every manifest once at build. */
export function setWorkflowBusinessTypes(list: readonly WorkflowBusinessType[]): void {
  types = new Map(list.map((t) => [t.type, t]));
}

/** The plug-in of a type, or undefined when no module offers it (yet). */
export const workflowBusinessType = (type: WorkflowType): WorkflowBusinessType | undefined => types.get(type);
