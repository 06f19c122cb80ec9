import { z } from 'zod';
import { ticketListItemSchema, ticketPrioritySchema, ticketStatusSchema } from './ticket.schemas.js';

const nullableText = z.string().nullable();
const nullableId = z.number().int().nullable();
const countOf = <K extends z.ZodType>(key: K) => z.array(z.object({ key, count: z.number().int() }));
/** `GET /api/Ticket/Dashboard`: every number within the caller's visibility, in one round trip. */
export const ticketDashboardSchema = z.object({
  myOpen: z.object({
    count: z.number().int(),
    items: z.array(
      ticketListItemSchema.pick({
        id: true,
        caseNumber: true,
        subject: true,
        status: true,
        priority: true,
        dueDate: true,
      }),
    ),
  }),
  unassigned: z.number().int(),
  overdue: z.number().int(),
  byStatus: countOf(ticketStatusSchema),
  byPriority: countOf(ticketPrioritySchema),
  byCategory: z.array(
    z.object({
      categoryId: nullableId,
      categoryCode: nullableText,
      categoryName: nullableText,
      count: z.number().int(),
    }),
  ),
  /** The last 30 days (UTC), oldest first. */
  daily: z.array(z.object({ date: z.string(), opened: z.number().int(), closed: z.number().int() })),
});
export type TicketDashboard = z.infer<typeof ticketDashboardSchema>;
