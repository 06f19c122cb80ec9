import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EmailTemplate,
  Page,
  Trigger,
  TriggerDryRun,
  TriggerDryRunResult,
  TriggerRun,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryDetail,
} from '@casedesk/shared';
import { resourceApi, resourceKeys } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';
import type { Option } from '../../platform/pickers/RemoteSelect';

export const triggerApi = resourceApi<Trigger>('Trigger', { detailCall: 'Get' });
export const triggerRunApi = resourceApi<TriggerRun>('TriggerRun');
export const webhookApi = resourceApi<Webhook>('Webhook', { detailCall: 'Get' });
export const webhookDeliveryApi = resourceApi<WebhookDelivery, WebhookDeliveryDetail>('WebhookDelivery');

const firstMatches = async <Item>(name: string, keyword: string, extra: Record<string, unknown> = {}) =>
  (
    await http.post<Page<Item>>(`/api/${name}/Query`, {
      page: 1,
      pageSize: 50,
      ...extra,
      ...(keyword ? { keyword } : {}),
    })
  ).items;

export const searchTriggers = async (keyword: string): Promise<Option[]> =>
  (await firstMatches<Trigger>('Trigger', keyword)).map((trigger) => ({ value: trigger.id, label: trigger.name }));

export const searchWebhooks = async (keyword: string): Promise<Option[]> =>
  (await firstMatches<Webhook>('Webhook', keyword)).map((webhook) => ({ value: webhook.id, label: webhook.name }));

export const searchTemplates = async (keyword: string): Promise<Option[]> =>
  (await firstMatches<EmailTemplate>('EmailTemplate', keyword, { status: 'Active' })).map((template) => ({
    value: template.id,
    label: template.name,
  }));

/** The trigger as the editor holds it against one ticket: what each condition found, what each action would do. */
export function useDryRun() {
  return useMutation({
    mutationFn: (body: TriggerDryRun) => http.post<TriggerDryRunResult>('/api/Trigger/DryRun', body, { quiet: true }),
  });
}

/** Sends a test message now; the answer is its delivery with the receiver's answer. */
export function useTestWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<WebhookDelivery>('/api/Webhook/Test', { id }),
    onSettled: () => void client.invalidateQueries({ queryKey: resourceKeys('WebhookDelivery').all }),
  });
}

/** Sends a logged delivery again (same `webhook-id`); the log refreshes. */
export function useRedeliver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => http.post<WebhookDelivery>('/api/Webhook/Redeliver', { deliveryId }),
    onSettled: () => void client.invalidateQueries({ queryKey: resourceKeys('WebhookDelivery').all }),
  });
}
