/**
 * The ticket list's fixed values, without zod: the web's ticket-list prefetch reads the address with them on every
 * signed-in start, and should not bring the schemas (and zod) into the first chunks for it.
 */
/** `Merged`: final like Cancelled, left only by Unmerge (contract section 20). */
export const ticketStatuses = [
  'New',
  'Assigned',
  'InProgress',
  'Pending',
  'Resolved',
  'Closed',
  'Cancelled',
  'Merged',
] as const;
export const ticketPriorities = ['Low', 'Medium', 'High', 'Urgent'] as const;
export const ticketFroms = ['Web', 'Email', 'Phone', 'Scheduled', 'Api'] as const;

/** Quick views of the ticket list. `mine`: assigned or delegated to me; `open`: not yet resolved. */
export const ticketViews = ['all', 'mine', 'unassigned', 'overdue', 'open'] as const;

/** Sortable list fields; others are refused. */
export const ticketSortFields = [
  'id',
  'caseNumber',
  'subject',
  'status',
  'priority',
  'openDate',
  'closeDate',
  'dueDate',
  'modifiedAt',
  /** The service-level resolution due (the same instant as `dueDate`; contract section 19). */
  'slaResolutionDueAt',
] as const;

/**
 * A ticket's service-level state (contract section 19): met (resolved in time), breached (a target passed),
 * paused (the clock stands still), warning (a target is near), ok.
 */
export const slaStates = ['ok', 'warning', 'breached', 'paused', 'met'] as const;
export type SlaState = (typeof slaStates)[number];
/** Whom a ticket's clock waits on. */
export const slaHolders = ['agent', 'customer', 'approver'] as const;
export type SlaHolder = (typeof slaHolders)[number];
/** The targets a service level warns of and breaches (`sla.warning`, `sla.breached`). */
export const slaTargets = ['firstResponse', 'nextUpdate', 'resolution'] as const;
export type SlaTarget = (typeof slaTargets)[number];

/** The statuses a person may set (a status change, a bulk edit, a macro): `Merged` comes only from Ticket/Merge. */
export const settableTicketStatuses = ticketStatuses.filter((status) => status !== 'Merged');

/**
 * A tag as it is stored and matched: width-folded (full-width letters and digits read as plain ones), trimmed,
 * inner spaces collapsed and lower-cased, so "VPN", " vpn " and "ＶＰＮ" are one tag (Zendesk's rule).
 */
export const normalizeTag = (tag: string) => tag.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
