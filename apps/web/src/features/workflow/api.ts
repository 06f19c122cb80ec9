// ---- wfweb: My approvals (task boxes), instances, the instance page and its actions ----
// (The definitions/registry calls of the designer sit above this block; this block only appends.)
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InstanceStatus,
  Page,
  WorkflowInstance,
  WorkflowInstanceInfo,
  WorkflowTask,
  WorkflowTaskBox,
  WorkflowType,
} from '@casedesk/shared';
import { http } from '../../platform/http/client';
import { cleanQuery, resourceKeys } from '../../platform/crud/resource-api';

export const workflowTaskKeys = resourceKeys('WorkflowTask');
export const workflowInstanceKeys = resourceKeys('WorkflowInstance');

export type TaskCounts = Record<WorkflowTaskBox, number>;

export type TaskBoxQuery = {
  box: WorkflowTaskBox;
  page: number;
  pageSize: number;
  keyword?: string;
  businessType?: WorkflowType;
  instanceStatus?: InstanceStatus;
};

/** The badges of the four boxes (`GET /api/WorkflowTask/Counts`). */
export function useTaskCounts() {
  return useQuery({
    queryKey: workflowTaskKeys.of('counts'),
    queryFn: () => http.get<TaskCounts>('/api/WorkflowTask/Counts'),
  });
}

/** One box of My approvals, server-paged (`POST /api/WorkflowTask/Query`). */
export function useTaskBox(query: TaskBoxQuery) {
  const body = cleanQuery(query);
  return useQuery({
    queryKey: workflowTaskKeys.list('Query', body),
    queryFn: () => http.post<Page<WorkflowTask>>('/api/WorkflowTask/Query', body),
    placeholderData: keepPreviousData,
  });
}

export type InstanceListQuery = {
  page: number;
  pageSize: number;
  keyword?: string;
  status?: InstanceStatus;
  businessType?: WorkflowType;
  workflowCode?: string;
  initiatorId?: number;
  stuckHours?: number;
};

/** Every instance, for administrators (`POST /api/WorkflowInstance/Query`, `workflow:view`). */
export function useInstanceList(query: InstanceListQuery) {
  const body = cleanQuery(query);
  return useQuery({
    queryKey: workflowInstanceKeys.list('Query', body),
    queryFn: () => http.post<Page<WorkflowInstance>>('/api/WorkflowInstance/Query', body),
    placeholderData: keepPreviousData,
  });
}

/** Everything the instance page shows, with what the caller may do now (`GET /api/WorkflowInstance/Info/{id}`). */
export function useInstanceInfo(id: number) {
  return useQuery({
    queryKey: workflowInstanceKeys.detail(id),
    queryFn: () => http.get<WorkflowInstanceInfo>(`/api/WorkflowInstance/Info/${id}`, undefined, { quiet: true }),
    enabled: id > 0,
    staleTime: 0,
    retry: false,
  });
}

/** The user actions of the instance page and the admin list, and where each one is posted. */
export const workflowActionCalls = {
  approve: '/api/WorkflowInstance/Approve',
  reject: '/api/WorkflowInstance/Reject',
  return: '/api/WorkflowInstance/Return',
  assign: '/api/WorkflowInstance/Assign',
  removeSigner: '/api/WorkflowTask/RemoveSigner',
  transfer: '/api/WorkflowInstance/Transfer',
  handoff: '/api/WorkflowTask/Handoff',
  resubmit: '/api/WorkflowInstance/Resubmit',
  cancel: '/api/WorkflowInstance/Cancel',
  recall: '/api/WorkflowInstance/Recall',
  reassign: '/api/WorkflowTask/Reassign',
} as const;
export type WorkflowCall = keyof typeof workflowActionCalls;

/**
 * Posts one action; the answer is the updated Info. Every box, count and instance view is refreshed after it (and the
 * record under approval: its page shows the approval state), whether it worked or was refused (someone else acted).
 */
export function useWorkflowAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ call, body }: { call: WorkflowCall; body: Record<string, unknown> }) =>
      http.post<WorkflowInstanceInfo>(workflowActionCalls[call], body, { quiet: true }),
    onSuccess: (info) => client.setQueryData(workflowInstanceKeys.detail(info.instance.id), info),
    onSettled: () =>
      Promise.all(
        [workflowTaskKeys.all, workflowInstanceKeys.all, resourceKeys('Ticket').all].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
