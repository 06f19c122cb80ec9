// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { validateFlowChart, type FlowNode } from '@casedesk/shared';
import { ApiError } from '../../../platform/http/client';
import { problemsByNode, refusedNodes } from './problems';

const graph: FlowNode = {
  id: 'start',
  type: 'start',
  name: 'Initiator',
  next: {
    id: 'lead',
    type: 'approver',
    name: 'Team lead',
    approvers: { strategy: 'users', ids: [] },
    mode: 'any',
    next: { id: 'end', type: 'end', name: 'End' },
  },
};
const english = (source: { message: string }) => source.message;

describe('designer problem marks', () => {
  it('groups the shared rules’ problems by the node they name', () => {
    const marks = problemsByNode(validateFlowChart(graph, 'Ticket'), english);
    expect([...marks.keys()]).toEqual(['lead']);
    expect(marks.get('lead')![0]).toMatch(/Team lead/);
  });

  it('marks the nodes a server refusal names in its field errors, and only those', () => {
    const refusal = new ApiError(
      'Node "Team lead": choose the users.',
      400,
      400,
      {
        errors: [
          { field: 'flowChart.lead', message: 'Node "Team lead": choose the users.' },
          { field: 'flowChart', message: 'The workflow has no approver node.' },
          { field: 'flowChart.gone', message: 'A node no longer drawn.' },
        ],
      },
      'http',
    );
    const marks = refusedNodes(refusal, graph, english);
    expect([...marks.entries()]).toEqual([['lead', ['Node "Team lead": choose the users.']]]);
  });

  it('marks the node named in the values of a refusal without field errors', () => {
    const refusal = new ApiError('Node "Team lead": choose who approves.', 400, 400, null, 'http', {
      messageKey: 'workflow.noApprovers',
      messageValues: { node: 'Team lead' },
    });
    expect([...refusedNodes(refusal, graph, english).keys()]).toEqual(['lead']);
    const other = new ApiError('Something else.', 400, 400, null, 'http');
    expect(refusedNodes(other, graph, english).size).toBe(0);
  });
});
