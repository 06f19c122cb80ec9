import { z } from 'zod';
import { defineMessages } from '../platform/message-keys.js';
import { messages } from '../platform/messages.js';
import { normalizeTag } from './ticket.values.js';

// Ticket tags (contract section 20; decisions in docs/contract-tickets.md "Tags").

// Keys of the ticket catalog (`ticket.tagComma`), kept beside the rule: ticket.schemas.ts imports this file.
export const ticketTagMessages = defineMessages('ticket', {
  tagComma: 'A tag cannot contain a comma.',
} as const);

export const tagMaxLength = 50;
export const tagsPerTicket = 20;
/** Tag/Query answers at most this many tags. */
export const tagSuggestionLimit = 20;

/** One tag: normalized first, then judged (empty, too long, a comma: the separator of tag lists in exports). */
export const ticketTagSchema = z
  .string()
  .overwrite(normalizeTag)
  .min(1, messages.required)
  .max(tagMaxLength)
  .refine((tag) => !tag.includes(','), ticketTagMessages.tagComma);

/** A ticket's tags: normalized, duplicates dropped, sorted (one order everywhere), at most `tagsPerTicket`. */
export const ticketTagsSchema = z
  .array(ticketTagSchema)
  .overwrite((tags) => [...new Set(tags)].sort())
  .max(tagsPerTicket);

/** Which tickets a tag filter keeps: those with any of the tags (default) or with all of them. */
export const tagsModes = ['any', 'all'] as const;
export type TagsMode = (typeof tagsModes)[number];

/** `POST /api/Tag/Query`: tags containing the keyword (all when empty), prefix matches first. */
export const tagQuerySchema = z
  .object({ keyword: z.string().max(tagMaxLength).overwrite(normalizeTag).default('') })
  .strict();
export type TagQuery = z.infer<typeof tagQuerySchema>;

/** A tag and the number of the caller's visible tickets that carry it. */
export const tagCountSchema = z.object({ name: z.string(), count: z.number().int() });
export type TagCount = z.infer<typeof tagCountSchema>;
