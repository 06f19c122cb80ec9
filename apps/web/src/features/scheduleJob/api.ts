import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { JobHandlerInfo, JobRun, JobRunStatus, Page, ScheduleJob } from '@casedesk/shared';
import { http } from '../../platform/http/client';
import { resourceApi, resourceKeys } from '../../platform/crud/resource-api';

export const scheduleJobApi = resourceApi<ScheduleJob>('ScheduleJob');
const keys = resourceKeys('ScheduleJob');

/** The handlers the server can run; they change only with a deployment. */
export function useJobHandlers() {
  return useQuery({
    queryKey: keys.of('handlers'),
    queryFn: () => http.get<JobHandlerInfo[]>('/api/ScheduleJob/Handlers'),
    staleTime: 10 * 60_000,
  });
}

export type RunsQuery = { jobId: number; page: number; pageSize: number; status?: JobRunStatus };

/** One job's run history, newest first, polled while shown so that new runs arrive by themselves. */
export function useJobRuns(query: RunsQuery | null, pollMs: number) {
  return useQuery({
    queryKey: keys.of('runs', query),
    queryFn: () => http.post<Page<JobRun>>('/api/ScheduleJob/Runs', query ?? {}),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    refetchInterval: pollMs,
  });
}

/** Start, stop and run now: `POST /api/ScheduleJob/<action>/{id}`. */
export const useJobAction = (action: 'Start' | 'Stop' | 'RunNow') =>
  scheduleJobApi.useCall<number>((id) => `${action}/${id}`, false);
