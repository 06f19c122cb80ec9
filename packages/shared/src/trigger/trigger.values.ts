// The fixed values of automation (contract section 23), zod-free so that the web's labels may import them.

/** What a trigger listens to; `schedule` runs on its cron over the tickets its conditions find. */
export const triggerEvents = [
  'ticket.created',
  'ticket.updated',
  'comment.added',
  'sla.warning',
  'sla.breached',
  'approval.finished',
  'schedule',
] as const;
export type TriggerEvent = (typeof triggerEvents)[number];

/** The events a webhook may subscribe to (a trigger's `webhookId` action sends its own event too). */
export const webhookEvents = [
  'ticket.created',
  'ticket.updated',
  'comment.added',
  'sla.warning',
  'sla.breached',
  'approval.finished',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/** How one run of a trigger on one ticket ended. */
export const triggerRunOutcomes = ['Applied', 'NoChange', 'Failed', 'DepthLimit', 'DryRun'] as const;
export type TriggerRunOutcome = (typeof triggerRunOutcomes)[number];

/** The kinds of action (one key each, as macros, plus mail, notify and webhook). */
export const triggerActionKinds = ['set', 'comment', 'addTags', 'removeTags', 'mail', 'notify', 'webhookId'] as const;
export type TriggerActionKind = (typeof triggerActionKinds)[number];

export const webhookDeliveryStatuses = ['Pending', 'Delivered', 'Failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];
