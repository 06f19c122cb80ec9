import { useState } from 'react';
import { Input, type InputProps } from 'antd';
import { readDecimalInput } from '../format';

type Props = Omit<InputProps, 'value' | 'onChange'> & {
  value?: string | number | null;
  onChange?: (value: string) => void;
};

/**
 * A money, quantity or rate field: shows what the person typed ("1,234.56") while the form holds the plain decimal
 * the schema checks and the server takes ("1234.56", `readDecimalInput`). Every decimal input is this one.
 */
export function DecimalInput({ value, onChange, style, ...rest }: Props) {
  const [typed, setTyped] = useState<string | null>(null);
  const plain = value === null || value === undefined ? '' : String(value);
  // The typed text while it still reads as the form's value; a value set from outside (a reset, a proposal) shows as is.
  const shown = typed !== null && readDecimalInput(typed) === plain ? typed : plain;
  return (
    <Input
      inputMode="decimal"
      style={{ textAlign: 'right', ...style }}
      {...rest}
      value={shown}
      onChange={(event) => {
        setTyped(event.target.value);
        onChange?.(readDecimalInput(event.target.value));
      }}
    />
  );
}
