/** What a scheduled ticket's last run came to, without zod: the shared `valueLabels` names them. */
/** What the scheduler makes of a scheduled ticket at each fire time. */
export const scheduledTicketResults = ['Succeeded', 'Failed'] as const;
