import type { TicketPriority, TicketStatus } from '@casedesk/shared';

/** Preset colour names (Tag) and their hex for bars, one per status and priority. */
export const statusColors: Record<TicketStatus, string> = {
  New: 'blue',
  Assigned: 'cyan',
  InProgress: 'geekblue',
  Pending: 'gold',
  Resolved: 'green',
  Closed: 'default',
  Cancelled: 'volcano',
  Merged: 'purple',
};
export const statusHex: Record<TicketStatus, string> = {
  New: '#1677ff',
  Assigned: '#13c2c2',
  InProgress: '#2f54eb',
  Pending: '#faad14',
  Resolved: '#52c41a',
  Closed: '#8c8c8c',
  Cancelled: '#fa541c',
  Merged: '#722ed1',
};
export const priorityColors: Record<TicketPriority, string> = {
  Low: 'default',
  Medium: 'blue',
  High: 'orange',
  Urgent: 'red',
};
export const priorityHex: Record<TicketPriority, string> = {
  Low: '#8c8c8c',
  Medium: '#1677ff',
  High: '#fa8c16',
  Urgent: '#f5222d',
};
