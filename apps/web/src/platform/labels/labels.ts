import { useTranslation } from 'react-i18next';
import { loginReasons, messageRefOf } from '@casedesk/shared';
import {
  seededNameKey,
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

/**
 * A sign-in log row's reason in the user's language: the catalog's reasons (`loginReasons`) and the refusals of
 * shared catalogs by their key; a reason written before them, or one with numbers in it, as written.
 */
export function useLoginReason() {
  const { t } = useTranslation();
  return (message: string | null): string => {
    if (!message) return '—';
    // Named by the catalog itself, not only through messageRefOf: a catalog no screen names is left out of the build.
    const reason = Object.entries(loginReasons).find(([, text]) => text === message)?.[0];
    if (reason) return t(`values.loginReason.${reason}`);
    const ref = messageRefOf(message);
    return ref ? t(`messages.${ref.key}`, { ...ref.values, defaultValue: message }) : message;
  };
}
