import { z } from 'zod';
import { idSchema, queryBaseSchema, queryBooleanSchema } from '../platform/paging.js';

/**
 * Spec section 3, Notification: title, content, msType, from, to, isRead, readAt, linkData. In-app only; each
 * user sees and marks their own. Delivered live over Server-Sent Events (`GET /api/Notification/Stream`).
 */
export const notificationTypes = [
  'ticketAssigned',
  'ticketCommented',
  'ticketCreated',
  'ticketResolved',
  'system',
] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** Where the bell's entry leads: a route of the web app and the record it shows. */
export const notificationLinkSchema = z.object({
  path: z.string().max(500),
  entity: z.string().max(50).optional(),
  id: z.number().int().optional(),
});
export type NotificationLink = z.infer<typeof notificationLinkSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  msType: notificationTypeSchema,
  fromUserId: z.number().int().nullable(),
  fromName: z.string().nullable(),
  toUserId: z.number().int(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  linkData: notificationLinkSchema.nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationQuerySchema = queryBaseSchema
  .extend({ isRead: queryBooleanSchema.optional(), msType: notificationTypeSchema.optional() })
  .strict();
/** `POST MarkRead { ids }`, or `{ all: true }` for every unread one of the caller. */
export const notificationMarkReadSchema = z
  .object({ ids: z.array(idSchema).max(1000).optional(), all: z.boolean().optional() })
  .strict();
export const notificationUnreadSchema = z.object({ unread: z.number().int() });
