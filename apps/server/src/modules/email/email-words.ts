import { seededNameKey, valueLabelKey, type SeededKind, type TemplateLanguage, type ValueKind } from '@casedesk/shared';
import { textAt, workflowNodeNameIn } from '../../platform/translator.js';
import type { TemplateValues } from './email-render.service.js';

/** A value a mail says that is a fixed value of a kind: it reads as its label in the template's language. */
const labelledValues: { path: [string, string]; kind: ValueKind }[] = [
  { path: ['ticket', 'status'], kind: 'ticketStatus' },
  { path: ['ticket', 'priority'], kind: 'ticketPriority' },
  { path: ['sla', 'target'], kind: 'slaTarget' },
  { path: ['watch', 'fromStatus'], kind: 'ticketStatus' },
];

/**
 * A seeded record's name a mail says (the demo workflow's name) and the record's code, or a workflow step's name and
 * its node id: it reads in the template's language while it is still the seeded one (`seededNames`).
 */
export type SeededValue =
  { path: [string, string]; kind: SeededKind; code: string | null } | { path: [string, string]; nodeId: string | null };

/**
 * The values as the template's reader reads them (contract 18): a ticket's status and priority as their labels,
 * seeded names in the language, and `approval.statusLabel` beside the outcome `approval.status` (whose code the
 * templates' conditions compare).
 */
export function wordedValues(
  values: TemplateValues,
  language: TemplateLanguage,
  seeded: readonly SeededValue[] = [],
): TemplateValues {
  const worded: TemplateValues = { ...values };
  const set = ([group, name]: [string, string], text: string) => {
    const at = worded[group];
    if (typeof at === 'object' && at !== undefined) worded[group] = { ...at, [name]: text };
  };
  const get = ([group, name]: [string, string]) => {
    const at = worded[group];
    return typeof at === 'object' && at !== undefined ? at[name] : undefined;
  };
  for (const { path, kind } of labelledValues) {
    const key = valueLabelKey(kind, get(path));
    const text = key && textAt(language, key);
    if (text) set(path, text);
  }
  for (const value of seeded) {
    const name = get(value.path);
    if (typeof name !== 'string') continue;
    if ('nodeId' in value) set(value.path, workflowNodeNameIn(language, value.nodeId, name));
    else {
      const key = seededNameKey(value.kind, value.code, name);
      const text = key && textAt(language, key);
      if (text) set(value.path, text);
    }
  }
  const outcome = get(['approval', 'status']);
  if (outcome !== undefined) {
    const key = valueLabelKey('instanceStatus', outcome);
    set(['approval', 'statusLabel'], (key && textAt(language, key)) || String(outcome));
  }
  return worded;
}
