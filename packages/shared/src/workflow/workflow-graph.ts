import type { CustomFieldLanguage } from '../customField/custom-field.schemas.js';
import { keyed } from '../platform/message-keys.js';
import { fieldNameFor, recordFields, type CustomFieldForConditions } from './workflow-record-fields.js';
import {
  workflowMessages,
  type ApproverRule,
  type BusinessField,
  type Condition,
  type FlowBranch,
  type FlowNode,
  type NodeType,
  type WorkflowType,
} from './workflow.schemas.js';

/** The graph rules' message names (a subset of `workflowMessages`). */
export type GraphProblemKey =
  | 'missingStart'
  | 'startNotFirst'
  | 'duplicateNodeId'
  | 'cyclic'
  | 'noApprovers'
  | 'noCcUsers'
  | 'approverIdsMissing'
  | 'approverFieldMissing'
  | 'levelsMissing'
  | 'unknownField'
  | 'badFieldValue'
  | 'noDefaultBranch'
  | 'branchNoCondition'
  | 'tooFewBranches'
  | 'percentMissing'
  | 'fallbackMissing'
  | 'noApproverNode'
  | 'orphanNode'
  | 'endNotLast';

/**
 * One thing wrong with a graph. `nodeId`: the node to mark (null: the graph as a whole); `key` names the text in
 * `workflowMessages` (message key `workflow.<key>`), `values` fill its placeholders, `message` is the English text.
 */
export type GraphProblem = {
  nodeId: string | null;
  key: GraphProblemKey;
  values: Record<string, string>;
  message: string;
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * A `workflowMessages` text with its `{placeholders}` filled, built through `keyed` so that the server's
 * envelope finds the key (`workflow.<key>`) and the values of the filled text for the reader's language.
 */
export function workflowText(key: keyof typeof workflowMessages, values: Record<string, string> = {}): string {
  const names = Object.keys(values);
  const template = workflowMessages[key];
  return keyed(`workflow.${key}`, names, (...args: string[]) =>
    fill(template, Object.fromEntries(names.map((name, i) => [name, args[i]!]))),
  )(...names.map((name) => values[name]!));
}

const problem = (nodeId: string | null, key: GraphProblemKey, values: Record<string, string> = {}): GraphProblem => ({
  nodeId,
  key,
  values,
  message: workflowText(key, values),
});

// ---- walking ----

/** Where a node sits: the node before it in its chain, or the branching node and branch it opens. */
export type FlowPlace = { parent: FlowNode | null; branch: FlowBranch | null; depth: number };

/**
 * Visits every node once, top down: a node, then each of its branches in order, then its `next`. `visit`
 * returning false skips what hangs below that node. An object met again (a loop in memory) is not re-entered.
 */
export function walkFlowChart(
  root: FlowNode | null | undefined,
  visit: (node: FlowNode, place: FlowPlace) => boolean | void,
): void {
  const seen = new Set<FlowNode>();
  const walk = (node: FlowNode | null | undefined, place: FlowPlace) => {
    // A chain is walked in a loop, so a long one does not grow the stack.
    let current = node;
    let at = place;
    while (current && !seen.has(current)) {
      seen.add(current);
      if (visit(current, at) === false) return;
      if (current.type === 'condition' || current.type === 'parallel')
        for (const branch of current.branches ?? [])
          walk(branch.next, { parent: current, branch, depth: at.depth + 1 });
      at = { parent: current, branch: null, depth: at.depth };
      current = current.next;
    }
  };
  walk(root, { parent: null, branch: null, depth: 0 });
}

/** Every node of the graph, top down. */
export function flowNodes(root: FlowNode | null | undefined): FlowNode[] {
  const nodes: FlowNode[] = [];
  walkFlowChart(root, (node) => {
    nodes.push(node);
  });
  return nodes;
}

/** The node with this id (the first, should a broken graph have two). */
export function findFlowNode(root: FlowNode | null | undefined, id: string): FlowNode | undefined {
  let found: FlowNode | undefined;
  walkFlowChart(root, (node) => {
    if (node.id === id) found = node;
    return found === undefined;
  });
  return found;
}

const branchesOf = (node: FlowNode): FlowBranch[] =>
  node.type === 'condition' || node.type === 'parallel' ? (node.branches ?? []) : [];

// ---- validation ----

const strategiesWithIds = new Set<ApproverRule['strategy']>(['users', 'role', 'group', 'position', 'deptMembers']);
const orderOps = new Set<Condition['op']>(['gt', 'ge', 'lt', 'le']);

const isId = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const isDate = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value));

/** Whether one value fits a field of this kind under the operator (`contains` only for a list field, and only it). */
function valueFits(field: BusinessField, value: unknown, op: Condition['op']): boolean {
  if ((op === 'contains') !== (field.kind === 'multi')) return false;
  switch (field.kind) {
    case 'enum':
    case 'multi':
      return typeof value === 'string' && (field.options ?? []).includes(value) && !orderOps.has(op);
    case 'boolean':
      return typeof value === 'boolean' && (op === 'eq' || op === 'ne');
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'id':
    case 'user':
      return isId(value) && !orderOps.has(op);
    case 'date':
      return isDate(value);
    case 'text':
      return typeof value === 'string' || typeof value === 'number';
  }
}

/** Whether a condition's value fits its field: a list (not empty) for `in`, one value otherwise. */
function conditionFits(field: BusinessField, condition: Condition): boolean {
  if (Array.isArray(condition.value)) {
    return (
      condition.op === 'in' &&
      condition.value.length > 0 &&
      condition.value.every((item) => valueFits(field, item, condition.op))
    );
  }
  return valueFits(field, condition.value, condition.op);
}

const conditionsOf = (branch: FlowBranch): Condition[] => [
  ...(branch.condition ? [branch.condition] : []),
  ...(branch.conditions ?? []),
];

/**
 * The record type's custom field definitions (`custom.<key>` in conditions and rules) and the reader's language,
 * in which a custom field is named by its label. Without them only the fixed fields are known.
 */
export type RecordFieldContext = { customFields?: readonly CustomFieldForConditions[]; language?: CustomFieldLanguage };

/** What is wrong with one condition over a record type's fields: an unknown field, a value that does not fit, or nothing. */
export function conditionFault(
  condition: Condition,
  type: WorkflowType,
  context: RecordFieldContext = {},
): 'unknownField' | 'badFieldValue' | null {
  const field = recordFields(type, context.customFields).find((f) => f.name === condition.field);
  if (!field) return 'unknownField';
  return conditionFits(field, condition) ? null : 'badFieldValue';
}

/** A condition's field as a reader names it: a custom field by its label in their language. */
export const conditionFieldName = (name: string, type: WorkflowType, context: RecordFieldContext = {}) =>
  fieldNameFor(
    recordFields(type, context.customFields).find((f) => f.name === name),
    name,
    context.language,
  );

function conditionProblems(
  conditions: readonly Condition[],
  type: WorkflowType,
  node: FlowNode,
  context: RecordFieldContext,
): GraphProblem[] {
  return conditions.flatMap((condition) => {
    const fault = conditionFault(condition, type, context);
    const field = conditionFieldName(condition.field, type, context);
    return fault ? [problem(node.id, fault, { node: node.name?.trim() || node.id, field })] : [];
  });
}

function approverRuleProblems(
  node: FlowNode & { type: 'approver' | 'cc' },
  type: WorkflowType,
  label: string,
  context: RecordFieldContext,
): GraphProblem[] {
  const rule = node.approvers as ApproverRule | undefined;
  if (!rule?.strategy) return [problem(node.id, node.type === 'cc' ? 'noCcUsers' : 'noApprovers', { node: label })];
  if (strategiesWithIds.has(rule.strategy) && (rule.ids ?? []).length === 0)
    return [problem(node.id, node.type === 'cc' ? 'noCcUsers' : 'approverIdsMissing', { node: label })];
  if (rule.strategy === 'leaderLevels' && !rule.levels) return [problem(node.id, 'levelsMissing', { node: label })];
  if (rule.strategy === 'recordField') {
    if (!rule.field) return [problem(node.id, 'approverFieldMissing', { node: label })];
    const field = recordFields(type, context.customFields).find((f) => f.name === rule.field);
    if (!field) return [problem(node.id, 'unknownField', { node: label, field: rule.field })];
    // Only a field that holds a user can name an approver.
    if (field.kind !== 'user') return [problem(node.id, 'approverFieldMissing', { node: label })];
  }
  return [];
}

/** Whether every way through a chain ends at an `end` node (so nothing after it is ever reached). */
function chainEnds(node: FlowNode | null | undefined, seen: Set<FlowNode>): boolean {
  let current = node;
  while (current && !seen.has(current)) {
    seen.add(current);
    if (current.type === 'end') return true;
    if (current.type === 'condition' || current.type === 'parallel') {
      const branches = current.branches ?? [];
      if (branches.length > 0 && branches.every((branch) => chainEnds(branch.next, seen))) return true;
    }
    current = current.next;
  }
  return false;
}

/**
 * Everything wrong with a graph for a record type, in the order a reader meets it (top down); the first is
 * what `Publish` answers. An empty list: the graph may be published. The designer runs the same rules.
 */
export function validateFlowChart(
  root: FlowNode | null | undefined,
  type: WorkflowType,
  context: RecordFieldContext = {},
): GraphProblem[] {
  const problems: GraphProblem[] = [];
  if (!root || root.type !== 'start') problems.push(problem(root?.id ?? null, 'missingStart'));
  if (!root) return problems;

  const label = (node: FlowNode) => node.name?.trim() || node.id;
  const reported = new Set<string>();
  const seenIds = new Set<string>();
  let approverNodes = 0;

  // Depth first with the ids on the current path, so an id met again on its own path is a loop and elsewhere a
  // duplicate. JSON cannot hold a real loop; an object graph in the designer can, hence the object set too.
  const onPath = new Set<string>();
  const objectsOnPath = new Set<FlowNode>();
  const check = (first: FlowNode | null | undefined, isRootChain: boolean) => {
    const entered: FlowNode[] = [];
    let node = first;
    while (node) {
      if (objectsOnPath.has(node) || onPath.has(node.id)) {
        problems.push(problem(node.id, 'cyclic', { node: label(node) }));
        break;
      }
      if (seenIds.has(node.id) && !reported.has(node.id)) {
        reported.add(node.id);
        problems.push(problem(node.id, 'duplicateNodeId', { node: label(node) }));
      }
      seenIds.add(node.id);
      onPath.add(node.id);
      objectsOnPath.add(node);
      entered.push(node);
      checkNode(node, isRootChain && node === root);

      for (const branch of branchesOf(node)) check(branch.next, false);
      // The type says an end has no next; a graph from outside may still carry one.
      if (node.type === 'end' && (node as { next?: FlowNode | null }).next) {
        problems.push(problem(node.id, 'endNotLast', { node: label(node) }));
        break;
      }
      const branches = branchesOf(node);
      // Every branch ends the instance: what follows the join is never reached.
      if (node.next && branches.length > 0 && branches.every((branch) => chainEnds(branch.next, new Set()))) {
        problems.push(problem(node.next.id, 'orphanNode', { node: label(node.next) }));
        break;
      }
      node = node.next;
    }
    for (const left of entered) {
      onPath.delete(left.id);
      objectsOnPath.delete(left);
    }
  };

  const checkNode = (node: FlowNode, isRoot: boolean) => {
    const name = label(node);
    switch (node.type) {
      case 'start':
        if (!isRoot) problems.push(problem(node.id, 'startNotFirst', { node: name }));
        break;
      case 'approver':
        approverNodes += 1;
        problems.push(...approverRuleProblems(node, type, name, context));
        if (node.mode === 'percent' && !node.percent) problems.push(problem(node.id, 'percentMissing', { node: name }));
        if (node.noApprover?.action === 'fallback' && !node.noApprover.userId)
          problems.push(problem(node.id, 'fallbackMissing', { node: name }));
        break;
      case 'cc':
        problems.push(...approverRuleProblems(node, type, name, context));
        break;
      case 'condition':
      case 'parallel': {
        const branches = node.branches ?? [];
        if (branches.length < 2) problems.push(problem(node.id, 'tooFewBranches', { node: name }));
        if (node.type === 'condition') {
          if (branches.filter((branch) => branch.isDefault).length !== 1)
            problems.push(problem(node.id, 'noDefaultBranch', { node: name }));
          for (const branch of branches)
            if (!branch.isDefault && conditionsOf(branch).length === 0)
              problems.push(problem(node.id, 'branchNoCondition', { node: name, branch: branch.name }));
        }
        // A parallel branch may carry a condition too (the engine skips a branch whose condition fails).
        for (const branch of branches) problems.push(...conditionProblems(conditionsOf(branch), type, node, context));
        break;
      }
      case 'end':
        break;
    }
  };

  check(root, true);
  if (approverNodes === 0) problems.push(problem(null, 'noApproverNode'));
  return problems;
}

// ---- what changed between two versions ----

const typeWords: Record<NodeType, string> = {
  start: 'start',
  approver: 'approver',
  cc: 'CC',
  condition: 'condition',
  parallel: 'parallel',
  end: 'end',
};

/** JSON with sorted keys, so that two equal settings compare equal whatever their key order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** A node's settings by name, without its id, name and what hangs below it (branches keep their own settings). */
function settingsOf(node: FlowNode): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'id' || key === 'name' || key === 'next' || value === undefined) continue;
    settings[key] =
      key === 'branches'
        ? stableJson((value as FlowBranch[]).map((branch) => ({ ...branch, next: undefined })))
        : stableJson(value);
  }
  return settings;
}

/** Where a node sits, as text: what comes before it, or the branch it opens. */
function placesOf(root: FlowNode | null): Map<string, string> {
  const places = new Map<string, string>();
  walkFlowChart(root, (node, place) => {
    if (!places.has(node.id))
      places.set(
        node.id,
        place.branch ? `${place.parent?.id ?? ''}#${place.branch.id ?? place.branch.name}` : (place.parent?.id ?? ''),
      );
  });
  return places;
}

const byId = (root: FlowNode | null) => {
  const nodes = new Map<string, FlowNode>();
  for (const node of flowNodes(root)) if (!nodes.has(node.id)) nodes.set(node.id, node);
  return nodes;
};

/**
 * What publishing `after` changes against `before` (the previous version), in words, by node id: nodes added,
 * removed, renamed, and for a kept node which settings changed ("Changed "Manager": approvers, mode").
 */
export function diffFlowCharts(before: FlowNode | null | undefined, after: FlowNode): string[] {
  const newNodes = byId(after);
  if (!before) return [`First version (${newNodes.size} nodes).`];
  const oldNodes = byId(before);
  const oldPlaces = placesOf(before);
  const newPlaces = placesOf(after);
  const lines: string[] = [];
  for (const [id, node] of oldNodes)
    if (!newNodes.has(id)) lines.push(`Removed ${typeWords[node.type]} node "${node.name}"`);
  for (const [id, node] of newNodes) {
    const old = oldNodes.get(id);
    if (!old) {
      lines.push(`Added ${typeWords[node.type]} node "${node.name}"`);
      continue;
    }
    if (old.name !== node.name) lines.push(`Renamed "${old.name}" to "${node.name}"`);
    const was = settingsOf(old);
    const now = settingsOf(node);
    const changed = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter((key) => was[key] !== now[key]);
    if (oldPlaces.get(id) !== newPlaces.get(id)) changed.push('position');
    if (changed.length > 0) lines.push(`Changed "${node.name}": ${changed.join(', ')}`);
  }
  return lines.length > 0 ? lines : ['No changes.'];
}
