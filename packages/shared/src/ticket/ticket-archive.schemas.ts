import { z } from 'zod';
import { ticketSchema } from './ticket.schemas.js';

const nullableText = z.string().nullable();

/**
 * `GET /api/Ticket/Archive/{caseNumber}`: a ticket the `ticket.archive` job moved out of the ticket table
 * (closed or cancelled longer ago than Data Management's retention rule), read-only, with the names, comments,
 * history and attachment references it had when it was archived. Only users who could see the ticket find it.
 */
// An archived ticket is long closed: its service-level clock and its tags are not kept (lists and the report read
// the ticket table).
export const ticketArchiveSchema = ticketSchema.omit({ sla: true, tags: true }).extend({
  projectName: nullableText,
  categoryName: nullableText,
  companyName: nullableText,
  assignToName: nullableText,
  createdByName: nullableText,
  archivedAt: z.string(),
  comments: z.array(
    z.object({
      id: z.number().int(),
      comment: z.string(),
      public: z.boolean(),
      createdAt: z.string(),
      createdBy: z.number().int().nullable(),
      createdByName: nullableText,
    }),
  ),
  history: z.array(
    z.object({
      at: z.string(),
      actorId: z.number().int().nullable(),
      actorName: nullableText,
      kind: z.enum(['created', 'changed', 'comment']),
      changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
    }),
  ),
  /** The files stay stored (owner Ticket + id); the archive names them. */
  files: z.array(z.object({ fileId: z.number().int(), name: z.string() })),
});
export type TicketArchive = z.infer<typeof ticketArchiveSchema>;

/** `ticket.archive` job parameters: rows per transaction. */
export const ticketArchiveParamsSchema = z
  .object({ batchSize: z.number().int().min(1).max(5000).default(200) })
  .strict();
