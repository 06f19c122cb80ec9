import type { FormRule } from 'antd';
import type { z } from 'zod';
import { translateServerMessage } from './server-messages';

/** An Ant Design form rule from a shared zod schema (CONVENTIONS 11): the same rule and text as the server. */
export function schemaRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(translateServerMessage(result.error.issues[0]?.message ?? ''));
    },
  };
}
