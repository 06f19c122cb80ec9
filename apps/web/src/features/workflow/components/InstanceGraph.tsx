import { useMemo } from 'react';
import {
  Background,
  Controls,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  type Edge,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowNode, WorkflowTask } from '@casedesk/shared';
import { boxStates, flowToGraph, layoutBoxes, signersOf, type GraphBox, type NodeState } from './instance-graph-model';
import { TaskStatusTag } from './workflow-texts';
import './instance-graph.css';

const boxWidth = 220;
const maxSigners = 6;

type StepData = { box: GraphBox; state: NodeState; tasks: WorkflowTask[] };
type StepNode = Node<StepData, 'step'>;

function StepCard({ data }: NodeProps<StepNode>) {
  const { t } = useTranslation();
  const { box, state, tasks } = data;
  const hidden = { opacity: 0 };
  if (box.type === 'pass')
    return (
      <div className={`flow-pass flow-${state}`} title={box.name}>
        <Handle type="target" position={Position.Top} style={hidden} />
        {box.name}
        <Handle type="source" position={Position.Bottom} style={hidden} />
      </div>
    );
  if (box.type === 'join')
    return (
      <div className={`flow-join flow-${state}`}>
        <Handle type="target" position={Position.Top} style={hidden} />
        <Handle type="source" position={Position.Bottom} style={hidden} />
      </div>
    );
  return (
    <div className={`flow-step flow-step-${box.type} flow-${state}`} data-node-id={box.id}>
      <Handle type="target" position={Position.Top} style={hidden} />
      <div className="flow-step-head">
        <span className="flow-step-type">{t(`workflow.instance.nodeType.${box.type}`)}</span>
        {state === 'current' && <Tag color="processing">{t('workflow.instance.graph.current')}</Tag>}
      </div>
      <div className="flow-step-name" title={box.name}>
        {box.name}
      </div>
      {tasks.slice(0, maxSigners).map((task) => (
        <div key={task.id} className="flow-signer">
          <span className="flow-signer-name">
            {task.onBehalfOfName
              ? t('workflow.task.onBehalfOf', { delegate: task.assigneeName ?? '—', owner: task.onBehalfOfName })
              : (task.assigneeName ?? '—')}
          </span>
          {task.kind === 'waiting' ? (
            <Tag>{t('workflow.instance.graph.waiting')}</Tag>
          ) : (
            <TaskStatusTag status={task.status} />
          )}
        </div>
      ))}
      {tasks.length > maxSigners && (
        <div className="flow-signer-more">
          {t('workflow.instance.graph.more', { count: tasks.length - maxSigners })}
        </div>
      )}
      <Handle type="source" position={Position.Bottom} style={hidden} />
    </div>
  );
}

const nodeTypes = { step: StepCard };

/** The instance's own version drawn read-only: path taken, current nodes, not reached, and who signs each node. */
export function InstanceGraph(props: {
  flowChart: FlowNode;
  path: readonly string[];
  currentNodes: readonly string[];
  tasks: WorkflowTask[];
}) {
  const { flowChart, path, currentNodes, tasks } = props;
  const { nodes, edges, height } = useMemo(() => {
    const { boxes, lines } = flowToGraph(flowChart);
    const states = boxStates(flowChart, boxes, path, currentNodes);
    const signers = new Map(boxes.map((box) => [box.id, signersOf(tasks, box.id)]));
    const sizeOf = (box: GraphBox) =>
      box.type === 'join'
        ? { width: 14, height: 14 }
        : box.type === 'pass'
          ? { width: 120, height: 26 }
          : { width: boxWidth, height: 62 + 26 * Math.min(signers.get(box.id)!.length, maxSigners + 1) };
    const placed = layoutBoxes(boxes, lines, sizeOf);
    const nodes: StepNode[] = boxes.map((box) => ({
      id: box.id,
      type: 'step',
      position: placed.get(box.id)!,
      width: sizeOf(box).width,
      height: sizeOf(box).height,
      data: { box, state: states.get(box.id)!, tasks: signers.get(box.id)! },
      draggable: false,
      connectable: false,
      selectable: false,
    }));
    const reached = (id: string) => states.get(id) !== 'notReached';
    const edges: Edge[] = lines.map((line) => {
      const taken = reached(line.source) && reached(line.target);
      return {
        id: line.id,
        source: line.source,
        target: line.target,
        type: 'smoothstep',
        label: line.label,
        animated: taken && states.get(line.target) === 'current',
        className: taken ? 'flow-edge-taken' : 'flow-edge-idle',
        markerEnd: { type: MarkerType.ArrowClosed },
        labelBgPadding: [6, 2] as [number, number],
      };
    });
    const bottom = Math.max(...nodes.map((n) => n.position.y + (n.height ?? 0)));
    return { nodes, edges, height: Math.min(Math.max(bottom + 60, 320), 720) };
  }, [flowChart, path, currentNodes, tasks]);

  return (
    <div className="instance-graph" style={{ height }}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        fitView
        fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
        minZoom={0.2}
        maxZoom={1.5}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        zoomOnScroll={false}
        preventScrolling={false}
        proOptions={{ hideAttribution: true }}
      >
        <Background gap={16} size={1} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
