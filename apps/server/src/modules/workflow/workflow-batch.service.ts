import type { WorkflowBatchApprove, WorkflowBatchOutcome } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Db } from '../../platform/db.js';
import { AppError, refusalWords } from '../../platform/errors.js';
import type { Language } from '../../platform/translator.js';
import { approverNode, workflowRefusal } from './workflow-action-run.service.js';
import { approveTask, rejectTask, type DecideGuard } from './workflow-decide.service.js';
import { nextApproverNodes } from './workflow-flow.js';

/**
 * What a batch cannot give a step: its own reason, written fields, the next approver's pick. Such a task is refused
 * with words that send the person to the approval page, where the form asks for them.
 */
const onlyACommentNeeded =
  (action: WorkflowBatchApprove['action']): DecideGuard =>
  (run, task) => {
    if (task.kind !== 'approve') return;
    const node = approverNode(run, task);
    if (node.type !== 'approver') return;
    if (node.reasonRequired?.[action]) throw workflowRefusal('batchNeedsReason');
    if (action === 'reject') return;
    if (Object.values(node.fieldPermissions ?? {}).includes('write')) throw workflowRefusal('batchNeedsFields');
    const unpicked = nextApproverNodes(run.flow, task.nodeId).some(
      (next) => next.type === 'approver' && next.approvers.strategy === 'previousPicks' && !run.instance.picks[next.id],
    );
    if (unpicked) throw workflowRefusal('batchNeedsPick');
  };

/**
 * `POST WorkflowInstance/BatchApprove` (contract 22): each task through Approve's or Reject's own path, in its own
 * transaction, in the order asked (a task named twice acts once); a refused task rolls back alone and the answer
 * says why in the caller's words.
 */
export async function batchDecide(
  db: Db,
  actor: Actor,
  input: WorkflowBatchApprove,
  language: Language,
): Promise<WorkflowBatchOutcome[]> {
  const guard = onlyACommentNeeded(input.action);
  const decide = input.action === 'approve' ? approveTask : rejectTask;
  const outcomes: WorkflowBatchOutcome[] = [];
  for (const taskId of new Set(input.taskIds)) {
    try {
      await decide(db, actor, { taskId, comment: input.comment }, new Date(), guard);
      outcomes.push({ taskId, ok: true, message: null });
    } catch (error) {
      // Only refusals are per task; anything unexpected stops the batch (the tasks before it stay decided).
      if (!(error instanceof AppError)) throw error;
      outcomes.push({ taskId, ok: false, ...refusalWords(error, language) });
    }
  }
  return outcomes;
}
