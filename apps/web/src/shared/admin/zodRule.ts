import type { FormRule } from 'antd';
import type { ZodType } from 'zod';

/** An antd form rule from one field of a contract schema: the same rule and message as the API. */
export function zodRule(schema: ZodType): FormRule {
  return {
    validator: async (_, value) => {
      const result = schema.safeParse(value ?? undefined);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}
