/** A menu entry's kinds, without zod: the shared `valueLabels` (`@casedesk/shared/value-labels`) names them. */
export const menuTypes = ['menu', 'link', 'iframe'] as const;
