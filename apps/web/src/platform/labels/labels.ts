import { useTranslation } from 'react-i18next';
import {
  seededNameKey,
  seededNodeCode,
  valueLabelKey,
  valueLabels,
  type SeededKind,
  type ValueKind,
} from '@casedesk/shared/value-labels';

/**
 * Where the words of each fixed value live, by the shared enum's name (`valueLabels` in shared, which the server's
 * exports read too): one list for every screen, so a status or a priority reads the same in a list, a detail, the
 * approval page and a condition. `labels.test.ts` fails when a value of one of these enums has no label in a language.
 */
export { valueLabels, type ValueKind };

/** A fixed value's label in the user's language (the value itself when it is none of its enum's). */
export function useValueLabel() {
  const { t } = useTranslation();
  return (kind: ValueKind, value: string | boolean | null | undefined): string => {
    if (value === null || value === undefined || value === '') return '—';
    const key = valueLabelKey(kind, value);
    return key ? t(key) : String(value);
  };
}

/**
 * A seeded record's name in the user's language while it is still the seeded one (`seededNames` in shared: roles,
 * default jobs, demo dictionaries and workflows, their node names); a name a user gave is shown as written.
 */
export function useSeededName() {
  const { t } = useTranslation();
  return (kind: SeededKind, code: string | null | undefined, name: string): string => {
    const key = seededNameKey(kind, code, name);
    return key ? t(key) : name;
  };
}

/**
 * A workflow node's or branch's name in the user's language while it is a demo node's seeded name, in whichever
 * definition, copy, version or instance it lives (`seededNodeCode`); a name an admin typed is shown as typed.
 */
export function useSeededNodeName() {
  const seeded = useSeededName();
  return (nodeId: string | null | undefined, name: string): string =>
    seeded('workflowNode', seededNodeCode(nodeId, name), name);
}

type Translate = (key: string) => string;

/** A seeded record's name or text as a form shows it for editing: the reader's words while it is the seeded one. */
export function seededShown(t: Translate, kind: SeededKind, code: string | null | undefined, stored: string): string {
  const key = seededNameKey(kind, code, stored);
  return key ? t(key) : stored;
}

/**
 * What a form saves back for a seeded name or text: the stored (seeded) one while the reader left the words the form
 * showed, so every language keeps reading its own; an edit as typed (from then on the record's own words).
 */
export function seededSaved(
  t: Translate,
  kind: SeededKind,
  code: string | null | undefined,
  stored: string | null | undefined,
  edited: string,
): string {
  if (stored === null || stored === undefined) return edited;
  const key = seededNameKey(kind, code, stored);
  return key && t(key) === edited ? stored : edited;
}
