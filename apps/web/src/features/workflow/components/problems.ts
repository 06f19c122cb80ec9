import { useTranslation } from 'react-i18next';
import type { FlowNode, GraphProblem, MessageValues } from '@casedesk/shared';
import type { ApiError } from '../../../platform/http/client';
import { useSeededNodeName } from '../../../platform/labels/labels';
import { translateServerMessage } from '../../../platform/server-messages';
import { allNodes } from './flow-edit';
import type { NodeRename } from './seeded-flow';

/** A message's values with the node it names (`{node}`) in the reader's words while that is a seeded name. */
function withNodeName(values: MessageValues | undefined, nodeId: string, rename: NodeRename) {
  const node = values?.node;
  return typeof node === 'string' ? { ...values, node: rename(nodeId, node) } : values;
}

/** A graph problem in the user's language, by its key in `workflowMessages` (English when no translation). */
export function useProblemText() {
  useTranslation();
  const nodeName = useSeededNodeName();
  return (problem: GraphProblem) =>
    translateServerMessage({
      message: problem.message,
      messageKey: `workflow.${problem.key}`,
      messageValues: problem.nodeId ? withNodeName(problem.values, problem.nodeId, nodeName) : problem.values,
    });
}

/** Problems per node id (translated); those of the graph as a whole under the key "". */
export function problemsByNode(problems: readonly GraphProblem[], text: (p: GraphProblem) => string) {
  const byNode = new Map<string, string[]>();
  for (const problem of problems) {
    const key = problem.nodeId ?? '';
    byNode.set(key, [...(byNode.get(key) ?? []), text(problem)]);
  }
  return byNode;
}

/**
 * The nodes a server refusal names: its field errors name node ids (`flowChart.<id>`, or the id alone); a refusal
 * without field errors marks no node and is shown as a message only.
 */
export function refusedNodes(
  error: ApiError,
  root: FlowNode | null,
  serverText: (source: ApiError) => string,
  rename: NodeRename = (_id, name) => name,
) {
  const ids = allNodes(root).map((node) => node.id);
  const byNode = new Map<string, string[]>();
  const errors = error.fieldErrors;
  for (const fieldError of errors) {
    const parts = (fieldError.field ?? '').split('.');
    const id = ids.find((candidate) => parts.includes(candidate));
    if (!id) continue;
    const text = translateServerMessage({
      ...fieldError,
      messageValues: withNodeName(fieldError.messageValues, id, rename),
    });
    byNode.set(id, [...(byNode.get(id) ?? []), text]);
  }
  if (byNode.size === 0 && errors.length === 0) {
    // The message names the node in its values (`{node}`: the node's name).
    const named = error.messageValues?.node;
    const node = allNodes(root).find((n) => n.name === named || n.id === named);
    if (node) byNode.set(node.id, [serverText(error)]);
  }
  return byNode;
}
