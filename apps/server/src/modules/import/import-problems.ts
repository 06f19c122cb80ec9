import type { z } from 'zod';
import { messageRefOf, type FieldError } from '@casedesk/shared';
import type { ImportProblem } from './import.table.js';

/**
 * A row's validation problems as the import's own sentences (`messages.import.*`, translated by the web's
 * locale files), one per field, never zod's phrasing. `field` holds the field's name; the error file writes
 * its label in the starter's language.
 */
export function problemsOfIssues(
  issues: readonly z.core.$ZodIssue[],
  values: Record<string, unknown>,
): ImportProblem[] {
  const seen = new Set<string>();
  const problems: ImportProblem[] = [];
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (seen.has(field)) continue;
    seen.add(field);
    problems.push(problemOf(issue, field, values[field]));
  }
  return problems;
}

const shown = (value: unknown): string =>
  Array.isArray(value) ? value.map(String).join(', ') : value === undefined || value === null ? '' : String(value);

function problemOf(issue: z.core.$ZodIssue, field: string, value: unknown): ImportProblem {
  const blank = value === undefined || value === null || value === '';
  const problem = (name: string, extra: Record<string, string | number> = {}): ImportProblem => ({
    key: `import.${name}`,
    values: { field, ...(blank ? {} : { value: shown(value) }), ...extra },
  });
  switch (issue.code) {
    case 'invalid_type':
      if (blank) return problem('required');
      if (issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint')
        return problem('notNumber');
      if (issue.expected === 'boolean') return problem('notBoolean');
      if (issue.expected === 'date') return problem('notDate');
      return problem('notAccepted');
    case 'too_small':
      if (blank) return problem('required');
      if (issue.origin === 'string') return problem('tooShort', { min: Number(issue.minimum) });
      if (issue.origin === 'number' || issue.origin === 'int')
        return problem('tooSmall', { min: Number(issue.minimum) });
      return problem('required');
    case 'too_big':
      if (issue.origin === 'string') return problem('tooLong', { max: Number(issue.maximum) });
      if (issue.origin === 'number' || issue.origin === 'int') return problem('tooBig', { max: Number(issue.maximum) });
      return problem('tooMany', { max: Number(issue.maximum) });
    case 'invalid_value':
      if (blank) return problem('required');
      return problem('notOneOf', { options: issue.values.map(String).join(', ') });
    case 'invalid_format':
      if (blank) return problem('required');
      if (issue.format === 'email') return problem('notEmail');
      if (issue.format === 'date' || issue.format === 'datetime') return problem('notDate');
      return problem('badFormat');
    case 'not_multiple_of':
      return problem('notInteger');
    default:
      return blank ? problem('required') : problem('notAccepted');
  }
}

/**
 * A field error of the target's refusal (`fieldRefusal`, `invalidInput`) as a problem at that field: its key and
 * values (a text that came without its key is looked up in the catalogs), its English text where none is found.
 */
export function problemOfFieldError({ field, message, messageKey, messageValues }: FieldError): ImportProblem {
  const ref = messageKey ? { key: messageKey, values: messageValues } : messageRefOf(message);
  return {
    at: field,
    ...(ref?.key ? { key: ref.key } : {}),
    ...(ref?.values ? { values: ref.values } : {}),
    text: message,
  };
}
