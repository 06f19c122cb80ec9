import {
  hashKey,
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type {
  InstanceStatus,
  Page,
  Workflow,
  WorkflowInstance,
  WorkflowInstanceInfo,
  WorkflowRegistry,
  WorkflowTask,
  WorkflowTaskBox,
  WorkflowType,
  WorkflowVersion,
  WorkflowBatchApprove,
  WorkflowBatchOutcome,
} from '@casedesk/shared';
import { cleanQuery, resourceApi, resourceKeys } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';

// ---- definitions and registry (the designer's screens) ----

export type WorkflowRecord = Workflow & { id: number; rowVersion: number };
export type WorkflowRegistryRecord = WorkflowRegistry & { id: number; rowVersion: number };

export const workflowApi = resourceApi<WorkflowRecord>('Workflow', { detailCall: 'Get' });
export const workflowRegistryApi = resourceApi<WorkflowRegistryRecord>('WorkflowRegistry', { detailCall: 'Get' });

const workflowKeys = resourceKeys('Workflow');

/** `GET Versions/{code}`: every published version of a definition, newest first as the server sends them. */
export function useWorkflowVersions(code: string | null | undefined) {
  return useQuery({
    queryKey: workflowKeys.of('versions', code),
    queryFn: () => http.get<WorkflowVersion[]>(`/api/Workflow/Versions/${encodeURIComponent(code ?? '')}`),
    enabled: Boolean(code),
  });
}

/** Published workflows of a record type, for the registry's picker. */
export function usePublishedWorkflows(type: WorkflowType | null | undefined) {
  return useQuery({
    queryKey: workflowKeys.list('Query', { type, status: 'Published', pageSize: 500 }),
    queryFn: () =>
      http
        .post<Page<WorkflowRecord>>('/api/Workflow/Query', { page: 1, pageSize: 500, type, status: 'Published' })
        .then((page) => page.items),
    enabled: Boolean(type),
  });
}

/** Saves the draft graph (and name/description) with the rowVersion read: `POST Update`. */
export function useSaveWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown> & { id: number; rowVersion: number }) =>
      http.post<WorkflowRecord>('/api/Workflow/Update', body, { quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}

/** `POST Publish/{id}`: the draft becomes version n+1. */
export function usePublishWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rowVersion, note }: { id: number; rowVersion: number; note?: string }) =>
      http.post<WorkflowRecord>(
        `/api/Workflow/Publish/${id}`,
        { rowVersion, ...(note ? { note } : {}) },
        { quiet: true },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}

/** `POST Copy/{id}`: a new draft with its own code and name. */
export function useCopyWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code, name }: { id: number; code: string; name: string }) =>
      http.post<WorkflowRecord>(`/api/Workflow/Copy/${id}`, { code, name }, { quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}

/** `POST Disable/{id}` and `POST Enable/{id}`. */
export const useWorkflowOnOff = (call: 'Disable' | 'Enable') =>
  workflowApi.useCall<number>((id) => `${call}/${id}`, false);

// ---- My approvals (task boxes), instances, the instance page and its actions ----

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
  urge: '/api/WorkflowInstance/Urge',
  reassign: '/api/WorkflowTask/Reassign',
} as const;
export type WorkflowCall = keyof typeof workflowActionCalls;

/** Everything an action may have changed: the boxes, counts, instance views and the records under approval. */
function refreshAfterAction(client: QueryClient, answered: QueryKey | null, businessType?: WorkflowType) {
  const records = businessType ? [resourceKeys(businessType).all] : [];
  const fresh = answered ? hashKey(answered) : null;
  return Promise.all(
    [workflowTaskKeys.all, workflowInstanceKeys.all, resourceKeys('Ticket').all, ...records].map((queryKey) =>
      client.invalidateQueries({ queryKey, predicate: (query) => query.queryHash !== fresh }),
    ),
  );
}

/**
 * Posts one action; the answer is the updated Info, which the instance's view takes as it is (no second fetch).
 * Every box, count and other instance view is refreshed after it (and the record under approval: its page shows the
 * approval state); after a refusal (someone else acted) the instance's view too.
 */
export const workflowActionMutation = (client: QueryClient) => ({
  mutationFn: ({ call, body }: { call: WorkflowCall; body: Record<string, unknown> }) =>
    http.post<WorkflowInstanceInfo>(workflowActionCalls[call], body, { quiet: true }),
  onSuccess: (info: WorkflowInstanceInfo) => {
    const answered = workflowInstanceKeys.detail(info.instance.id);
    client.setQueryData(answered, info);
    return refreshAfterAction(client, answered, info.instance.businessType);
  },
  onError: () => refreshAfterAction(client, null),
});

export function useWorkflowAction() {
  return useMutation(workflowActionMutation(useQueryClient()));
}

/** Batch approve or reject (contract 22): a result per task; the boxes, counts and instances refresh after it. */
export function useBatchDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkflowBatchApprove) =>
      http.post<WorkflowBatchOutcome[]>('/api/WorkflowInstance/BatchApprove', body, { quiet: true }),
    onSettled: () => refreshAfterAction(client, null),
  });
}
