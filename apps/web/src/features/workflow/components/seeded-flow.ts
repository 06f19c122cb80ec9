import type { FlowNode, WorkflowInstanceInfo } from '@casedesk/shared';
import { useSeededName } from '../../../platform/labels/labels';

/** Renames a node or branch by its id (the name given when no rename applies). */
export type NodeRename = (id: string, name: string) => string;

/** The graph with every node and branch renamed (a copy; the given graph is left as it is). */
export function renameFlow(node: FlowNode, rename: NodeRename): FlowNode {
  const next = node.next ? renameFlow(node.next, rename) : node.next;
  const renamed = { ...node, name: rename(node.id, node.name), next } as FlowNode;
  if (renamed.type === 'condition' || renamed.type === 'parallel')
    renamed.branches = renamed.branches.map((branch) => ({
      ...branch,
      name: branch.id ? rename(branch.id, branch.name) : branch.name,
      next: branch.next ? renameFlow(branch.next, rename) : branch.next,
    }));
  return renamed;
}

/**
 * The names of a workflow's nodes in the reader's language while they are the seeded ones of a demo workflow
 * (`seededNames.workflowNode`, by `<workflow code>.<node id>`): the designer, the instance page and its dialogs.
 */
export function useSeededNodes() {
  const seeded = useSeededName();
  const nodeName =
    (code: string): NodeRename =>
    (id, name) =>
      seeded('workflowNode', `${code}.${id}`, name);
  const workflowName = (code: string, name: string) => seeded('workflow', code, name);
  /** An instance's answer with its workflow's and nodes' names in the reader's language. */
  const instanceInfo = (info: WorkflowInstanceInfo): WorkflowInstanceInfo => {
    const code = info.instance.workflowCode;
    const rename = nodeName(code);
    const named = <T extends { nodeId: string; nodeName: string }>(item: T): T => ({
      ...item,
      nodeName: rename(item.nodeId, item.nodeName),
    });
    return {
      ...info,
      instance: {
        ...info.instance,
        workflowName: workflowName(code, info.instance.workflowName),
        currentNodeNames: info.instance.currentNodeNames.map((name, i) =>
          rename(info.instance.currentNodes[i] ?? '', name),
        ),
      },
      flowChart: renameFlow(info.flowChart, rename),
      tasks: info.tasks.map((task) => ({ ...named(task), workflowName: workflowName(code, task.workflowName) })),
      log: info.log.map((entry) =>
        entry.nodeId && entry.nodeName ? { ...entry, nodeName: rename(entry.nodeId, entry.nodeName) } : entry,
      ),
      myTasks: info.myTasks.map((task) => ({
        ...named(task),
        returnTargets: task.returnTargets.map(named),
        picksNeeded: task.picksNeeded.map(named),
      })),
    };
  };
  return { nodeName, workflowName, instanceInfo };
}
