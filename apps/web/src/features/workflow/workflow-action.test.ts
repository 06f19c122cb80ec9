import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { WorkflowInstanceInfo } from '@casedesk/shared';
import { workflowActionMutation, workflowInstanceKeys, workflowTaskKeys } from './api';

const post = vi.fn();
vi.mock('../../platform/http/client', () => ({ http: { post: (...args: unknown[]) => post(...args) } }));

const infoOf = (id: number, status: string) =>
  ({ instance: { id, status, businessType: 'Invoice' }, actions: [], tasks: [] }) as unknown as WorkflowInstanceInfo;

/** A query someone is looking at, counting its fetches. */
async function watched(client: QueryClient, queryKey: readonly unknown[], answer: () => unknown) {
  const fetches = { count: 0 };
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: () => {
      fetches.count += 1;
      return answer();
    },
    staleTime: 0,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'), { timeout: 15_000 });
  return { fetches, observer, unsubscribe };
}

describe('a workflow action', () => {
  it('puts its answer into the instance view without fetching it again; the boxes and the record refresh', async () => {
    const client = new QueryClient();
    const instance = await watched(client, workflowInstanceKeys.detail(7), () => infoOf(7, 'Running'));
    const box = await watched(client, workflowTaskKeys.list('Query', { box: 'todo' }), () => ({ items: [] }));
    const record = await watched(client, ['resource', 'Invoice', 'detail', 3], () => ({ id: 3 }));
    post.mockResolvedValueOnce(infoOf(7, 'Approved'));

    await new MutationObserver(client, workflowActionMutation(client)).mutate({ call: 'approve', body: { taskId: 1 } });

    expect(post).toHaveBeenCalledWith('/api/WorkflowInstance/Approve', { taskId: 1 }, { quiet: true });
    expect(instance.observer.getCurrentResult().data).toEqual(infoOf(7, 'Approved'));
    expect(instance.fetches.count).toBe(1);
    expect(box.fetches.count).toBe(2);
    expect(record.fetches.count).toBe(2);
    for (const view of [instance, box, record]) view.unsubscribe();
  });

  it('after a refusal fetches the instance view again (someone else acted)', async () => {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const instance = await watched(client, workflowInstanceKeys.detail(8), () => infoOf(8, 'Running'));
    post.mockRejectedValueOnce(new Error('This task has already been handled.'));

    await expect(
      new MutationObserver(client, workflowActionMutation(client)).mutate({ call: 'approve', body: { taskId: 2 } }),
    ).rejects.toThrow();

    expect(instance.fetches.count).toBe(2);
    instance.unsubscribe();
  });
});
