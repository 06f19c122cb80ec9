/**
 * An e-mail's direction, statuses, events and languages, without zod: the shared `valueLabels`
 * (`@casedesk/shared/value-labels`) names them for the web's shell.
 */
export const emailDirections = ['Out', 'In'] as const;
export const emailStatuses = ['Draft', 'Sending', 'Sent', 'Failed', 'Received', 'Ignored', 'Unreadable'] as const;
/** What sends a templated e-mail; later modules add theirs (approval task ...). */
export const emailEvents = [
  'ticketCreated',
  'ticketAssigned',
  'ticketCommented',
  'ticketResolved',
  'ticketMentioned',
  'ticketWatched',
  'approvalTask',
  'approvalFinished',
  'passwordReset',
  'signInLocked',
  'secondFactorReset',
  'holidayReminder',
  'slaWarning',
  'slaBreached',
] as const;
export const templateLanguages = ['en', 'zh-cn', 'zh-tw'] as const;
