import { z } from 'zod';
import { idSchema } from '../platform/paging.js';

// Mentions and watchers (contract section 20; decisions in docs/contract-tickets.md "Mentions and watchers").

/** How someone came to watch a ticket: they asked to, or a comment mentioned them. */
export const ticketWatchReasons = ['manual', 'mention'] as const;
export type TicketWatchReason = (typeof ticketWatchReasons)[number];

/** `POST /api/Ticket/Watch`: the caller starts (`on: true`) or stops watching a ticket they may see. */
export const ticketWatchSchema = z.object({ id: idSchema, on: z.boolean() }).strict();
export type TicketWatch = z.infer<typeof ticketWatchSchema>;

/** One watcher of a ticket, by name. */
export const ticketWatcherSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  loginName: z.string(),
  since: z.string(),
  how: z.enum(ticketWatchReasons),
});
export type TicketWatcher = z.infer<typeof ticketWatcherSchema>;

/** A ticket's watchers and whether the caller is one (Detail carries it; Watch answers it). */
export const ticketWatchersSchema = z.object({ watchers: z.array(ticketWatcherSchema), watching: z.boolean() });
export type TicketWatchers = z.infer<typeof ticketWatchersSchema>;

/** The `@` list offers at most this many colleagues. */
export const mentionCandidateLimit = 10;

/** `POST /api/Ticket/MentionCandidates`: colleagues who may see the ticket, whose name or login holds the keyword. */
export const mentionCandidatesQuerySchema = z
  .object({ id: idSchema, keyword: z.string().trim().max(50).default('') })
  .strict();
export type MentionCandidatesQuery = z.infer<typeof mentionCandidatesQuerySchema>;

export const mentionCandidateSchema = z.object({ id: z.number().int(), loginName: z.string(), name: z.string() });
export type MentionCandidate = z.infer<typeof mentionCandidateSchema>;

/** A mentioned user who may not see the ticket: nobody was told, and the writer reads who. */
export const refusedMentionSchema = z.object({ loginName: z.string(), name: z.string() });
export type RefusedMention = z.infer<typeof refusedMentionSchema>;

/**
 * The stored form of a mention the editor inserts: `<span data-mention="<loginName>">@<loginName></span>` (it
 * survives the sanitiser and reads as `@loginName` in any text rendering). A typed `@loginName` counts too.
 */
export const mentionAttribute = 'data-mention';
