import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { seededNodeCode, type FlowNode, type WorkflowInstanceInfo } from '@casedesk/shared';
import { seededSaved, seededShown, useSeededName, useSeededNodeName } from '../../../platform/labels/labels';

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
 * The names of a workflow and its nodes in the reader's language while they are the seeded ones of a demo workflow:
 * a node by its id and name wherever it lives (a copy or a new version of a demo too, `useSeededNodeName`), the
 * workflow by its code. The designer, the instance page and its dialogs, the task box.
 */
export function useSeededNodes() {
  const seeded = useSeededName();
  const nodeName = useSeededNodeName();
  const workflowName = (code: string, name: string) => seeded('workflow', code, name);
  /** An instance's answer with its workflow's and nodes' names in the reader's language. */
  const instanceInfo = (info: WorkflowInstanceInfo): WorkflowInstanceInfo => {
    const code = info.instance.workflowCode;
    const named = <T extends { nodeId: string; nodeName: string }>(item: T): T => ({
      ...item,
      nodeName: nodeName(item.nodeId, item.nodeName),
    });
    return {
      ...info,
      instance: {
        ...info.instance,
        workflowName: workflowName(code, info.instance.workflowName),
        currentNodeNames: info.instance.currentNodeNames.map((name, i) =>
          nodeName(info.instance.currentNodes[i], name),
        ),
      },
      flowChart: renameFlow(info.flowChart, nodeName),
      tasks: info.tasks.map((task) => ({ ...named(task), workflowName: workflowName(code, task.workflowName) })),
      log: info.log.map((entry) =>
        entry.nodeId && entry.nodeName ? { ...entry, nodeName: nodeName(entry.nodeId, entry.nodeName) } : entry,
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

/**
 * A node's or branch's name field in the designer: a seeded name is shown in the reader's words, and saved back as
 * the seeded one while the reader leaves those words, so it keeps reading in every language; an edit as typed.
 */
export function seededNameField(t: (key: string) => string, id: string | undefined, stored: string) {
  const code = seededNodeCode(id, stored);
  return {
    shown: seededShown(t, 'workflowNode', code, stored),
    saved: (edited: string) => seededSaved(t, 'workflowNode', code, stored, edited),
  };
}

/** `seededNameField` against the name the drawer opened with (the drawer is mounted per node). */
export function useSeededNameField(id: string | undefined, name: string) {
  const { t } = useTranslation();
  const [opened] = useState(name);
  return seededNameField(t, id, opened);
}
