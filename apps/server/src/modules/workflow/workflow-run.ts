import type { WorkflowChannel } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Tx } from '../../platform/db.js';
import type { WorkflowBusinessType, WorkflowRecord } from '../../platform/workflow-types.js';
import type { FlowIndex } from './workflow-flow.js';
import type { workflowInstance, workflowTask } from './workflow.table.js';

/** What an action works on: the instance and its tasks as rows, and the engine's view of one run. */
export type InstanceRow = typeof workflowInstance.$inferSelect;
export type TaskRow = typeof workflowTask.$inferSelect;

/** The engine's bookkeeping in `workflow_instance.state`. */
export type EngineState = {
  /** The round each node is in (a node entered again after a return starts a new round). */
  rounds: Record<string, number>;
  /** Parallel node id → indexes of its branches that reached their end. */
  joins: Record<string, number[]>;
};

/** One action's view of an instance: changed in memory, written back once by `saveInstance`. */
export type Run = {
  tx: Tx;
  now: Date;
  /** Null: the engine itself (timeouts). */
  actorId: number | null;
  instance: InstanceRow;
  state: EngineState;
  flow: FlowIndex;
  type: WorkflowBusinessType;
  record: WorkflowRecord;
  /** A person acts now: an approver node whose picks are missing refuses instead of applying `noApprover`. */
  interactive: boolean;
  /** Where the acting person's action came from (contract 22), written with each of their log entries. */
  channel?: WorkflowChannel;
  timeZone?: string;
  holidays?: string[];
};

export function stateOf(instance: InstanceRow): EngineState {
  const raw = instance.state as Partial<EngineState>;
  return { rounds: { ...(raw.rounds ?? {}) }, joins: { ...(raw.joins ?? {}) } };
}

/** A screen's action, or a personal API token's; the mail's link and reply say so themselves. */
export const channelOf = (actor: Actor): WorkflowChannel => (actor.apiTokenId === undefined ? 'web' : 'api');
