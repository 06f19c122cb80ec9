import { emailEvents, templateLanguages } from '../email/email.values.js';

const templateEventTitles: Record<(typeof emailEvents)[number], string> = {
  ticketCreated: 'Ticket created',
  ticketAssigned: 'Ticket assigned',
  ticketCommented: 'Public comment',
  ticketResolved: 'Ticket resolved',
  ticketMentioned: 'Mentioned on a ticket',
  ticketWatched: 'Watched ticket activity',
  approvalTask: 'Approval task',
  approvalFinished: 'Approval finished',
  passwordReset: 'Password reset',
  signInLocked: 'Sign-in locked',
  secondFactorReset: 'Second factor reset',
  holidayReminder: 'Holiday reminder',
  slaWarning: 'Service level warning',
  slaBreached: 'Service level breached',
};

/** The code of a seeded e-mail template: its event and language (`approvalFinished.zh-cn`). */
export const seededTemplateCode = (event: string, language: string) => `${event}.${language}`;

/** Each seeded e-mail template's value of a field, by its code. */
const byTemplate = (value: (event: (typeof emailEvents)[number], language: string) => string) =>
  Object.fromEntries(
    emailEvents.flatMap((event) =>
      templateLanguages.map((language) => [seededTemplateCode(event, language), value(event, language)]),
    ),
  ) as Record<string, string>;

/**
 * The names of the records the seeds write that people read (contract 18): built-in roles, default jobs, the
 * demo's dictionaries and workflows with their node names, the e-mail templates. The seeds write these English names;
 * a seeded
 * record keeps its stable code, and while its name is still the seeded one the web shows the text
 * `seed.<kind>.<code>` in the reader's language (a name a user gave is shown as written). A web test fails
 * when a language lacks one of them.
 */
export const seededNames = {
  role: { admin: 'Administrator', common: 'Staff' },
  roleDescription: {
    admin: 'System role with every permission',
    common: 'System role: tickets, open items, own account and own delegates',
  },
  /** Default jobs, by their handler's class name. */
  job: {
    'email.send': 'Send e-mails',
    'email.fetch': 'Fetch incoming mail',
    'log.retention': 'Log retention',
    'scheduledTicket.createDue': 'Scheduled tickets',
    'setting.holidayReminder': 'Holiday reminder',
    'ticket.archive': 'Archive closed tickets',
    'workflow.timeout': 'Approval time limits',
    'import.work': 'Data import',
    'jobs.pruneRuns': 'Prune job run history',
    'sla.check': 'Service level warnings',
    'webhook.send': 'Send webhooks',
    'trigger.schedule': 'Scheduled triggers',
    'directory.sync': 'Directory sync',
    'file.sweep': 'Remove unused file contents',
  },
  /** What the default jobs do (their remark), by their handler's class name. */
  jobRemark: {
    'jobs.pruneRuns': 'Removes run history older than keepDays.',
    'import.work': 'Works queued imports (Run starts them at once; this picks up runs a stopped server left).',
    'email.send': 'Sends the queued e-mails (the outbox), retrying with back-off.',
    'email.fetch':
      'Fetches the mail accounts whose fetch interval has come; turns their mail into tickets and comments.',
    'log.retention': 'Deletes log rows older than Settings → Logs "days to keep", nightly.',
    'scheduledTicket.createDue': 'Creates the tickets of the scheduled tickets that are due.',
    'setting.holidayReminder':
      'Mails the users chosen in Settings → Holiday calendar before each holiday (once per holiday and user).',
    'ticket.archive': 'Moves tickets closed longer ago than Data Management → retention says to the archive (0 = off).',
    'sla.check': 'Tells the assignee and the escalation list of each service-level warning and breach, once each.',
    'webhook.send': 'Sends the queued webhook deliveries (the outbox), retrying with back-off for a day.',
    'trigger.schedule': 'Runs each scheduled trigger when due over the tickets its conditions find.',
    'directory.sync':
      'Syncs users, departments and their leaders from the directory (Settings → Directory); its schedule follows the settings.',
    'file.sweep': 'Removes file contents held in the database or in S3 that no file has pointed at for an hour.',
    'workflow.timeout':
      'Reminds the holders of overdue approval tasks, then approves, rejects or escalates as the step says.',
  },
  dictionary: {
    ticketType: 'Ticket type',
    businessUnit: 'Business unit',
    paymentMethod: 'Payment method',
    paymentTerm: 'Payment term',
    taskCategory: 'Task category',
  },
  /** The seeded dictionaries' categories, by the dictionary's code. */
  dictionaryCategory: {
    ticketType: 'ticket',
    businessUnit: 'organisation',
    paymentMethod: 'finance',
    paymentTerm: 'finance',
    taskCategory: 'openItem',
  },
  /** Dictionary items, by `<dictionary code>.<item key>`. */
  dictionaryItem: {
    'ticketType.incident': 'Incident',
    'ticketType.service-request': 'Service request',
    'ticketType.change': 'Change',
    'ticketType.problem': 'Problem',
    'businessUnit.retail': 'Retail',
    'businessUnit.logistics': 'Logistics',
    'businessUnit.technology': 'Technology',
    'businessUnit.trading': 'Trading',
    'businessUnit.manufacturing': 'Manufacturing',
    'paymentMethod.bank-transfer': 'Bank transfer',
    'paymentMethod.cheque': 'Cheque',
    'paymentMethod.card': 'Card',
    'paymentMethod.cash': 'Cash',
    'paymentTerm.net-15': 'Net 15',
    'paymentTerm.net-30': 'Net 30',
    'paymentTerm.net-60': 'Net 60',
    'paymentTerm.due-on-receipt': 'Due on receipt',
    'taskCategory.analysis': 'Analysis',
    'taskCategory.development': 'Development',
    'taskCategory.testing': 'Testing',
    'taskCategory.documentation': 'Documentation',
    'taskCategory.follow-up': 'Follow-up',
  },
  /** Service-level calendars, by their seed code. */
  slaCalendar: { standard: 'Standard business hours' },
  /** The demo's service-level policies, by their seed code. */
  slaPolicy: {
    urgent: 'Urgent tickets',
    high: 'High priority tickets',
    medium: 'Medium priority tickets',
    low: 'Low priority tickets',
  },
  /** The demo's shared macros, by their seed code. */
  macro: {
    closeResolved: 'Close as resolved',
    escalateUrgent: 'Escalate to urgent',
    waitForCustomer: 'Waiting for the customer',
  },
  workflow: {
    'ticket-approval': 'Ticket approval',
    'invoice-approval': 'Invoice approval',
    'requisition-approval': 'Requisition approval',
    'laptop-request': 'Laptop request',
    'access-request': 'Access request approval',
    'purchase-request': 'Purchase approval',
  },
  /** The demo workflows' nodes and branches, by `<workflow code>.<node or branch id>`. */
  workflowNode: {
    'ticket-approval.start': 'Submitter',
    'ticket-approval.priority': 'By priority',
    'ticket-approval.urgent': 'Urgent or high',
    'ticket-approval.team-lead': 'Team lead',
    'ticket-approval.other': 'Other tickets',
    'ticket-approval.service-manager': 'Service manager',
    'ticket-approval.copy': 'Service desk copy',
    'ticket-approval.end': 'End',
    'invoice-approval.start': 'Submitter',
    'invoice-approval.team-lead': 'Team lead',
    'invoice-approval.amount': 'By amount',
    'invoice-approval.large': 'From 10 000',
    'invoice-approval.finance-manager': 'Finance manager',
    'invoice-approval.small': 'Below 10 000',
    'invoice-approval.end': 'End',
    'requisition-approval.start': 'Requester',
    'requisition-approval.team-lead': 'Team lead',
    'requisition-approval.amount': 'By amount',
    'requisition-approval.large': '5,000 and more',
    'requisition-approval.manager': 'Manager',
    'requisition-approval.small': 'Below 5,000',
    'requisition-approval.end': 'End',
    'laptop-request.start': 'Requester',
    'laptop-request.team-lead': 'Team lead',
    'laptop-request.budget': 'By budget',
    'laptop-request.over-budget': 'Over 2,000',
    'laptop-request.it-manager': 'IT manager',
    'laptop-request.within-budget': 'Up to 2,000',
    'laptop-request.end': 'End',
    'access-request.start': 'Requester',
    'access-request.system-owner': 'System owner',
    'access-request.end': 'End',
    'purchase-request.start': 'Requester',
    'purchase-request.budget-holder': 'Budget holder',
    'purchase-request.end': 'End',
  },
  /** The seeded e-mail templates (each event in each language), by `<event>.<language>`. */
  emailTemplate: byTemplate((event, language) => `${templateEventTitles[event]} (${language})`),
  emailTemplateDescription: byTemplate(() => 'Seeded by the system; edit freely.'),
} as const satisfies Record<string, Record<string, string>>;

export type SeededKind = keyof typeof seededNames;

/**
 * The text key of a seeded record's name (`seed.<kind>.<code>`) while `name` is still the seeded one; null for a
 * record the seeds did not write or a name a user changed.
 */
export function seededNameKey(kind: SeededKind, code: string | null | undefined, name: string): string | null {
  if (!code) return null;
  const names: Record<string, string> = seededNames[kind];
  return Object.hasOwn(names, code) && names[code] === name ? `seed.${kind}.${code}` : null;
}

/**
 * The catalog code (`<demo workflow>.<node id>`) of the seeded node or branch a node is, wherever it lives: the demo
 * definition, a copy of it, a new version, an instance. A copy keeps the graph and its ids but not the workflow's
 * code, so the rule reads the node's own id and name: a node whose id and name are a demo node's still carries its
 * seeded name (the designer's ids are `<type>_<random>`, so a node an admin added never matches). Null for a name an
 * admin typed. Nodes of the demos with the same id and name share their translations (`labels.test.ts`).
 */
export function seededNodeCode(nodeId: string | null | undefined, name: string | null | undefined): string | null {
  if (!nodeId || !name) return null;
  const found = Object.entries(seededNames.workflowNode).find(
    ([code, seeded]) => seeded === name && code.slice(code.indexOf('.') + 1) === nodeId,
  );
  return found ? found[0] : null;
}

/** A seeded dictionary's items in their order: `key` and English `name` (`seededNames.dictionaryItem`). */
export function seededDictionaryItems(code: keyof typeof seededNames.dictionary): { key: string; name: string }[] {
  return Object.entries(seededNames.dictionaryItem)
    .filter(([id]) => id.startsWith(`${code}.`))
    .map(([id, name]) => ({ key: id.slice(code.length + 1), name }));
}

/** What a dictionary item is named by: `name` (the default, English) and the names an admin gave per language. */
export type DictionaryItemNames = { key: string; name: string; nameZhCn?: string | null; nameZhTw?: string | null };

const ownNameOf: Record<string, (item: DictionaryItemNames) => string | null | undefined> = {
  'zh-cn': (item) => item.nameZhCn,
  'zh-tw': (item) => item.nameZhTw,
};

/**
 * A dictionary item's name in a reader's language, the one rule of screens and exports: the item's own name
 * in that language when it has one, else its seeded words (`textAt('seed.dictionaryItem.<code>.<key>')`) while `name`
 * is still the seeded one, else `name`.
 */
export function dictionaryItemNameIn(
  language: string,
  code: string,
  item: DictionaryItemNames,
  textAt: (key: string) => string | undefined,
): string {
  const own = ownNameOf[language]?.(item)?.trim();
  if (own) return own;
  const key = seededNameKey('dictionaryItem', `${code}.${item.key}`, item.name);
  return (key && textAt(key)) || item.name;
}
