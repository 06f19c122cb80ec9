import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, Workflow, WorkflowRegistry, WorkflowType, WorkflowVersion } from '@casedesk/shared';
import { resourceApi, resourceKeys } from '../../platform/crud/resource-api';
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
