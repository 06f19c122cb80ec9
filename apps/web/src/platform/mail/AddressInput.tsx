import { Select } from 'antd';
import { emailAddressSchema } from '@casedesk/shared';
import type { FormRule } from 'antd';
import { issueText } from '../form-rules';

/** Typed addresses become tags (Enter, comma, semicolon or space ends one); pasted lists are split the same way. */
export function AddressInput({
  value,
  onChange,
  id,
  placeholder,
  className,
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
  placeholder?: string;
  className?: string;
}) {
  return (
    <Select
      id={id}
      mode="tags"
      className={className}
      value={value ?? []}
      onChange={(next: string[]) => onChange?.(splitAddresses(next))}
      tokenSeparators={[',', ';', ' ']}
      open={false}
      suffixIcon={null}
      placeholder={placeholder}
      style={{ width: '100%' }}
    />
  );
}

/** One address per entry, trimmed, without duplicates. */
export function splitAddresses(values: string[]): string[] {
  const out: string[] = [];
  for (const part of values.flatMap((v) => v.split(/[,;\s]+/))) {
    const address = part.trim().replace(/^<|>$/g, '');
    if (address && !out.some((a) => a.toLowerCase() === address.toLowerCase())) out.push(address);
  }
  return out;
}

/** The first address that is not one, or null. */
export function firstInvalidAddress(values: string[] | undefined): string | null {
  return (values ?? []).find((v) => !emailAddressSchema.safeParse(v).success) ?? null;
}

/** Every address must be one, with the spec's message ("Invalid email format, ..."). */
export const addressRule: FormRule = {
  validator: async (_rule, value: string[] | undefined) => {
    const bad = firstInvalidAddress(value);
    if (bad !== null) {
      throw new Error(`${issueText(emailAddressSchema.safeParse(bad).error?.issues[0])} (${bad})`);
    }
  },
};
