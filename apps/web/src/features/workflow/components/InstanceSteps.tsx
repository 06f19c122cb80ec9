import { Steps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowNode, WorkflowTask } from '@casedesk/shared';
import { boxStates, flowToGraph, signersOf, type NodeState } from './instance-graph-model';
import { TaskStatusTag } from './workflow-texts';

const stepStatus: Record<NodeState, 'finish' | 'process' | 'wait'> = {
  passed: 'finish',
  current: 'process',
  notReached: 'wait',
};

/**
 * The instance's graph as a vertical list of its steps (a phone's screen, and the printed approval): each node in
 * the order of the graph, passed, current or not reached, with who signs it and how far they are.
 */
export function InstanceSteps(props: {
  flowChart: FlowNode;
  path: readonly string[];
  currentNodes: readonly string[];
  tasks: WorkflowTask[];
}) {
  const { t } = useTranslation();
  const { flowChart, path, currentNodes, tasks } = props;
  const { boxes } = flowToGraph(flowChart);
  const states = boxStates(flowChart, boxes, path, currentNodes);
  const typeOf = (type: string) => t(`workflow.instance.nodeType.${type}`);
  const steps = boxes.filter((box) => box.type !== 'join' && box.type !== 'pass');
  return (
    <Steps
      className="instance-steps"
      orientation="vertical"
      size="small"
      items={steps.map((box) => ({
        key: box.id,
        status: stepStatus[states.get(box.id) ?? 'notReached'],
        title: (
          <span className="instance-step-title" data-node-id={box.id}>
            {box.name}
            {/* The kind of step, unless its name already says it (the start node is often named after it). */}
            {typeOf(box.type) !== box.name && <span className="instance-step-type"> · {typeOf(box.type)}</span>}
          </span>
        ),
        content: signersOf(tasks, box.id).map((task) => (
          <div key={task.id} className="instance-step-signer">
            {task.onBehalfOfName
              ? t('workflow.task.onBehalfOf', { delegate: task.assigneeName ?? '—', owner: task.onBehalfOfName })
              : (task.assigneeName ?? '—')}{' '}
            {task.kind === 'waiting' ? (
              <Tag>{t('workflow.instance.graph.waiting')}</Tag>
            ) : (
              <TaskStatusTag status={task.status} />
            )}
          </div>
        )),
      }))}
    />
  );
}
