import { z } from 'zod';
import { defineMessages } from '../platform/message-keys.js';
import { messages } from '../platform/messages.js';

// Merge, unmerge and split (contract section 20): one ticket's conversation moved into another, and back.

/** How long a merge can be taken back. */
export const unmergeDays = 30;
/** The most tickets one merge takes in. */
export const mergeSourcesCap = 50;

export const ticketMergeMessages = defineMessages('ticketMerge', {
  intoItself: 'A ticket cannot be merged into itself.',
  alreadyMerged: '{caseNumber} is already merged into another ticket.',
  notMergeable: '{caseNumber} is closed or cancelled and cannot be merged; reopen it first.',
  targetNotOpen: '{caseNumber} is closed, cancelled or merged: choose another ticket to merge into.',
  mergedIsFinal: 'A merged ticket cannot be changed; unmerge it first.',
  notMerged: 'This ticket is not merged.',
  unmergeExpired: 'A merge can be taken back within {days} days only.',
  targetGone:
    '{caseNumber} was changed since the merge in a way that cannot be taken back (moved comments were deleted or moved on).',
  commentsRequired: 'Choose at least one comment to split off.',
  commentUnknown: 'A chosen comment is not a comment of this ticket.',
  notSplittable: 'A closed, cancelled or merged ticket cannot be split.',
  hasMergedTickets: 'Other tickets are merged into this one ({count}); unmerge them before deleting it.',
  splitSubject: 'Split from {caseNumber}: {subject}',
} as const);

const id = z.number().int().positive().max(2_147_483_647);

export const ticketMergeSchema = z
  .object({
    sourceIds: z.array(id).min(1, messages.required).max(mergeSourcesCap),
    targetId: id,
  })
  .strict();
export type TicketMerge = z.infer<typeof ticketMergeSchema>;

export const ticketUnmergeSchema = z.object({ id }).strict();
export type TicketUnmerge = z.infer<typeof ticketUnmergeSchema>;

export const ticketSplitSchema = z
  .object({
    id,
    commentIds: z.array(id).min(1, ticketMergeMessages.commentsRequired).max(500),
  })
  .strict();
export type TicketSplit = z.infer<typeof ticketSplitSchema>;

/** What Merge and Unmerge answer: the tickets involved, as they are now. */
export const ticketMergeResultSchema = z.object({
  targetId: z.number().int(),
  sourceIds: z.array(z.number().int()),
});
export type TicketMergeResult = z.infer<typeof ticketMergeResultSchema>;

/** What Split answers: the new ticket. */
export const ticketSplitResultSchema = z.object({ id: z.number().int(), caseNumber: z.string() });
export type TicketSplitResult = z.infer<typeof ticketSplitResultSchema>;
