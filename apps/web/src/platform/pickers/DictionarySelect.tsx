import { useRef } from 'react';
import { Input, Select } from 'antd';
import { useDictionaryItems } from '../labels/dictionary-labels';

/**
 * A field holding a dictionary's value (business unit, ticket type), chosen from the dictionary's enabled items in
 * the reader's language. What the record held that none of them does (an item disabled, deleted or renamed since,
 * a text typed before the field was a choice) stays offered, shown as stored, also after another choice. While the
 * dictionary has no enabled item (an install without it), the field is typed, as it was before it was a choice.
 */
export function DictionarySelect({
  code,
  value,
  onChange,
  className,
  id,
  maxLength = 100,
}: {
  code: string;
  /** Given by the form item: its label points at the field. */
  id?: string;
  maxLength?: number;
  value?: string | null;
  onChange?: (value: string | null) => void;
  className?: string;
}) {
  const items = useDictionaryItems(code);
  const held = useRef(new Set<string>());
  if (value) held.current.add(value);
  if (items.isSuccess && items.items.length === 0)
    return (
      <Input
        id={id}
        className={className}
        maxLength={maxLength}
        value={value ?? ''}
        onChange={(event) => onChange?.(event.target.value || null)}
      />
    );
  const kept = [...held.current].filter((v) => !items.options.some((o) => o.value === v));
  return (
    <Select
      id={id}
      className={className}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={items.isPending}
      value={value ?? null}
      onChange={(next: string | undefined) => onChange?.(next ?? null)}
      options={[...items.options, ...kept.map((v) => ({ value: v, label: v }))]}
    />
  );
}
