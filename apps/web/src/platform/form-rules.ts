import type { FormRule } from 'antd';
import type { z } from 'zod';
import { issueMessage, type IssueLike } from '../../../../packages/shared/src/platform/validation';
import { translateServerMessage } from './server-messages';
import './zod-config';

/**
 * The form item's own label: Ant Design fills `${label}` in a rule's message with the Form.Item's `label` when it
 * is a string (else with its name: give such an item `messageVariables={{ label }}`, or pass the label).
 */
const itemLabel = '${label}';

/**
 * A zod issue as the user reads it: the same keyed message the server answers with (contract section 18), naming
 * the field by `label`, in the user's language. `value` is what the field holds (a blank one is missing).
 */
export function issueText(issue: IssueLike | undefined, label: string = itemLabel, value?: unknown): string {
  if (!issue) return '';
  const atField = !(issue as { path?: unknown[] }).path?.length;
  const message = issueMessage(atField ? { ...issue, input: value } : issue, label);
  return translateServerMessage({ message: message.text, messageKey: message.key, messageValues: message.values });
}

/**
 * An Ant Design form rule from a shared zod schema (CONVENTIONS 11): the same rule and words as the server, so an
 * empty required field says "Subject is required." once, in the user's language. `label` when the item has no
 * string label of its own (a field of a list row).
 */
export function schemaRule(schema: z.ZodType, label?: string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(issueText(result.error.issues[0], label, value));
    },
  };
}

/**
 * A field the form requires where no schema says so: "<label> is required." Any key beside `required` and `message`
 * (even `whitespace: undefined`) makes the validator check the value as text, refusing a picked id (a number).
 */
export function requiredRule(label?: string, options: { whitespace?: boolean } = {}): FormRule {
  return { required: true, ...(options.whitespace ? { whitespace: true } : {}), message: requiredText(label) };
}

/** "<label> is required.", for a validator of its own. */
export const requiredText = (label?: string): string => issueText({ code: 'invalid_type' }, label);
