import { createContext, useContext, useState, type ReactNode } from 'react';
import {
  ApartmentOutlined,
  AuditOutlined,
  BranchesOutlined,
  CloseOutlined,
  DeleteOutlined,
  ExclamationCircleFilled,
  LeftOutlined,
  PlusOutlined,
  RightOutlined,
  SendOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Popover, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowBranch, FlowNode, WorkflowType } from '@casedesk/shared';
import {
  addableTypes,
  branchConditions,
  canMoveBranch,
  canRemoveBranch,
  isBranchNode,
  type AddableType,
  type BranchNode,
  type InsertPoint,
} from './flow-edit';
import { ConditionText, NodeSummary } from './node-texts';
import type { NodeRename } from './seeded-flow';
import './flow-tree.css';

/** What the designer does on a click; without it the tree is drawn read-only (versions, previews). */
export type FlowTreeEdits = {
  select: (selection: Selection) => void;
  insert: (at: InsertPoint, type: AddableType) => void;
  removeNode: (id: string) => void;
  addBranch: (nodeId: string) => void;
  moveBranch: (nodeId: string, branchId: string, delta: -1 | 1) => void;
  removeBranch: (nodeId: string, branchId: string) => void;
};

export type Selection = { nodeId: string; branchId?: string } | null;

type TreeContext = {
  type: WorkflowType;
  edits: FlowTreeEdits | null;
  /** Card clicks: the designer's selection, also when the tree is read-only (the drawer then only shows). */
  select: ((selection: Selection) => void) | null;
  selection: Selection;
  /** Problems per node id, already in the user's language. */
  problems: ReadonlyMap<string, string[]>;
  /** A node's or branch's name as shown (a demo workflow's seeded names in the user's language). */
  rename: NodeRename;
};

const Context = createContext<TreeContext | null>(null);
const useTree = () => {
  const context = useContext(Context);
  if (!context) throw new Error('FlowTree context missing');
  return context;
};

export const addIcons: Record<AddableType, ReactNode> = {
  approver: <AuditOutlined />,
  cc: <SendOutlined />,
  condition: <BranchesOutlined />,
  parallel: <ApartmentOutlined />,
};

/**
 * The node tree drawn top down: the start, cards joined by lines, condition and parallel branches side by side
 * (each a chain of its own), the end. Editable with `edits` (a "+" on every line, card clicks select).
 */
export function FlowTree(props: {
  root: FlowNode;
  type: WorkflowType;
  edits?: FlowTreeEdits | null;
  onSelect?: (selection: Selection) => void;
  selection?: Selection;
  problems?: ReadonlyMap<string, string[]>;
  zoom?: number;
  className?: string;
  rename?: NodeRename;
}) {
  const context: TreeContext = {
    type: props.type,
    edits: props.edits ?? null,
    select: props.edits?.select ?? props.onSelect ?? null,
    selection: props.selection ?? null,
    problems: props.problems ?? new Map(),
    rename: props.rename ?? ((_id, name) => name),
  };
  const hasEnd = chainNodes(props.root).some((node) => node.type === 'end');
  return (
    <Context.Provider value={context}>
      <div className={`wf-canvas ${props.edits ? 'wf-editable' : 'wf-readonly'} ${props.className ?? ''}`}>
        <div className="wf-zoom" style={{ zoom: props.zoom ?? 1 }}>
          <Chain node={props.root} />
          {/* A graph saved without an end node still shows where it ends. */}
          {!hasEnd && <EndMark name={null} />}
        </div>
      </div>
    </Context.Provider>
  );
}

const chainNodes = (node: FlowNode | null | undefined) => {
  const nodes: FlowNode[] = [];
  for (let at = node; at; at = at.next ?? null) nodes.push(at);
  return nodes;
};

function Chain({ node }: { node: FlowNode | null | undefined }) {
  return (
    <div className="wf-chain">
      {chainNodes(node).map((at) => (
        <NodeBlock key={at.id} node={at} />
      ))}
    </div>
  );
}

function NodeBlock({ node }: { node: FlowNode }) {
  const { rename } = useTree();
  if (node.type === 'end') return <EndMark name={rename(node.id, node.name)} />;
  return (
    <>
      {isBranchNode(node) ? <BranchBlock node={node} /> : <NodeCard node={node} />}
      <Connector at={{ after: node.id }} />
    </>
  );
}

function EndMark({ name }: { name: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="wf-end">
      <div className="wf-end-dot" />
      {name ?? t('workflow.node.defaultName.end')}
    </div>
  );
}

function ProblemMark({ id }: { id: string }) {
  const { problems } = useTree();
  const list = problems.get(id);
  if (!list?.length) return null;
  return (
    <Tooltip
      title={
        <ul style={{ margin: 0, paddingLeft: 16 }}>
          {list.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      }
    >
      <ExclamationCircleFilled className="wf-invalid-icon" aria-label={list.join(' ')} />
    </Tooltip>
  );
}

function NodeCard({ node }: { node: FlowNode }) {
  const { t } = useTranslation();
  const { type, edits, select, selection, problems, rename } = useTree();
  const invalid = (problems.get(node.id)?.length ?? 0) > 0;
  const selected = selection?.nodeId === node.id && !selection.branchId;
  const icon =
    node.type === 'start' ? <UserOutlined /> : node.type === 'approver' ? <AuditOutlined /> : <SendOutlined />;
  return (
    <div
      className={`wf-card wf-type-${node.type} ${invalid ? 'wf-invalid' : ''} ${selected ? 'wf-selected' : ''}`}
      data-node-id={node.id}
      role={select ? 'button' : undefined}
      tabIndex={select ? 0 : undefined}
      onClick={() => select?.({ nodeId: node.id })}
      onKeyDown={(e) => {
        if (select && (e.key === 'Enter' || e.key === ' ')) {
          e.preventDefault();
          select({ nodeId: node.id });
        }
      }}
    >
      <div className="wf-card-head">
        {icon}
        <span className="wf-card-title">{rename(node.id, node.name)}</span>
        {edits && node.type !== 'start' && (
          <Button
            type="text"
            size="small"
            className="wf-card-remove"
            aria-label={t('workflow.design.removeNode')}
            icon={<CloseOutlined />}
            onClick={(e) => {
              e.stopPropagation();
              edits.removeNode(node.id);
            }}
          />
        )}
      </div>
      <div className="wf-card-body">
        <NodeSummary type={type} node={node} />
      </div>
      <ProblemMark id={node.id} />
    </div>
  );
}

/** The "+" on a line: approver, CC, condition or parallel. */
function Connector({ at }: { at: InsertPoint }) {
  const { t } = useTranslation();
  const { edits } = useTree();
  const [open, setOpen] = useState(false);
  if (!edits) return <div className="wf-connector" />;
  const menu = (
    <div className="wf-add-menu">
      {addableTypes.map((type) => (
        <Button
          key={type}
          className={`wf-add-${type}`}
          icon={addIcons[type]}
          onClick={() => {
            setOpen(false);
            edits.insert(at, type);
          }}
        >
          {t(`workflow.node.type.${type}`)}
        </Button>
      ))}
    </div>
  );
  return (
    <div className="wf-connector">
      <Popover trigger="click" placement="right" open={open} onOpenChange={setOpen} content={menu}>
        <Button
          type="primary"
          shape="circle"
          size="small"
          className="wf-add"
          aria-label={t('workflow.design.addNode')}
          icon={<PlusOutlined />}
        />
      </Popover>
    </div>
  );
}

function BranchBlock({ node }: { node: BranchNode }) {
  const { t } = useTranslation();
  const { edits, select, selection, problems, rename } = useTree();
  const invalid = (problems.get(node.id)?.length ?? 0) > 0;
  const selected = selection?.nodeId === node.id && !selection.branchId;
  return (
    <div className={`wf-block wf-type-${node.type}`} data-node-id={node.id}>
      <div
        className={`wf-block-head ${invalid ? 'wf-invalid' : ''} ${selected ? 'wf-selected' : ''}`}
        onClick={() => select?.({ nodeId: node.id })}
      >
        {addIcons[node.type]}
        <span className="wf-block-title">{rename(node.id, node.name)}</span>
        {edits && (
          <>
            <Button
              size="small"
              type="link"
              className="wf-add-branch"
              onClick={(e) => {
                e.stopPropagation();
                edits.addBranch(node.id);
              }}
            >
              {t(node.type === 'condition' ? 'workflow.design.addCondition' : 'workflow.design.addBranch')}
            </Button>
            <Tooltip title={t('workflow.design.removeBlock')}>
              <Button
                size="small"
                type="text"
                danger
                className="wf-block-remove"
                aria-label={t('workflow.design.removeBlock')}
                icon={<DeleteOutlined />}
                onClick={(e) => {
                  e.stopPropagation();
                  edits.removeNode(node.id);
                }}
              />
            </Tooltip>
          </>
        )}
        <ProblemMark id={node.id} />
      </div>
      <div className="wf-branches">
        {node.branches.map((branch, index) => (
          <div className="wf-branch" key={branch.id ?? index}>
            <BranchCard owner={node} branch={branch} index={index} />
            {branch.id ? (
              <Connector at={{ branchOf: node.id, branchId: branch.id }} />
            ) : (
              <div className="wf-connector" />
            )}
            <Chain node={branch.next} />
          </div>
        ))}
      </div>
    </div>
  );
}

function BranchCard({ owner, branch, index }: { owner: BranchNode; branch: FlowBranch; index: number }) {
  const { t } = useTranslation();
  const { type, edits, select: selectAny, selection, rename } = useTree();
  const id = branch.id ?? '';
  const selected = selection?.nodeId === owner.id && selection.branchId === id;
  const conditions = branchConditions(branch);
  const select = () => selectAny && branch.id && selectAny({ nodeId: owner.id, branchId: branch.id });
  return (
    <div
      className={`wf-branch-card ${selected ? 'wf-selected' : ''}`}
      data-branch-id={id}
      role={selectAny ? 'button' : undefined}
      tabIndex={selectAny ? 0 : undefined}
      onClick={select}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          select();
        }
      }}
    >
      <div className="wf-branch-head">
        <span className="wf-branch-name">{id ? rename(id, branch.name) : branch.name}</span>
        {owner.type === 'condition' && (
          <span className="wf-branch-priority">
            {branch.isDefault ? t('workflow.design.default') : t('workflow.design.priority', { n: index + 1 })}
          </span>
        )}
      </div>
      <div className="wf-branch-condition">
        {owner.type === 'parallel' ? (
          t('workflow.design.parallelHint')
        ) : branch.isDefault ? (
          t('workflow.design.defaultHint')
        ) : conditions.length > 0 ? (
          <ConditionText type={type} conditions={conditions} />
        ) : (
          <span className="wf-placeholder">{t('workflow.design.setCondition')}</span>
        )}
      </div>
      {edits && branch.id && (
        <div className="wf-branch-tools" onClick={(e) => e.stopPropagation()}>
          <Tooltip title={t('workflow.design.moveLeft')}>
            <Button
              size="small"
              type="text"
              className="wf-branch-left"
              aria-label={t('workflow.design.moveLeft')}
              icon={<LeftOutlined />}
              disabled={!canMoveBranch(owner, id, -1)}
              onClick={() => edits.moveBranch(owner.id, id, -1)}
            />
          </Tooltip>
          <Tooltip title={t('workflow.design.moveRight')}>
            <Button
              size="small"
              type="text"
              className="wf-branch-right"
              aria-label={t('workflow.design.moveRight')}
              icon={<RightOutlined />}
              disabled={!canMoveBranch(owner, id, 1)}
              onClick={() => edits.moveBranch(owner.id, id, 1)}
            />
          </Tooltip>
          <Tooltip title={t('workflow.design.removeBranch')}>
            <Button
              size="small"
              type="text"
              danger
              className="wf-branch-remove"
              aria-label={t('workflow.design.removeBranch')}
              icon={<DeleteOutlined />}
              disabled={!canRemoveBranch(owner, id)}
              onClick={() => edits.removeBranch(owner.id, id)}
            />
          </Tooltip>
        </div>
      )}
    </div>
  );
}
