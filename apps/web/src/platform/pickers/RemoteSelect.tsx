import { useEffect, useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

export type Option = { value: number; label: string };

type Props = {
  /** Query key prefix of the searched list, e.g. `['User', 'options']`. */
  queryKey: readonly unknown[];
  search: (keyword: string) => Promise<Option[]>;
  /** Labels of the values already chosen (from the record's detail), so they show before any search. */
  known?: Option[];
  mode?: 'multiple';
  value?: number | number[] | null;
  /** `label`: the chosen option's text (single choice), for callers that show it elsewhere. */
  onChange?: (value: number | number[] | null, label?: string) => void;
  placeholder?: string;
  id?: string;
  allowClear?: boolean;
};

/** The default of `known`: one array for every render (a fresh `[]` re-ran the effect below without end). */
const noneKnown: Option[] = [];

/** A picker over a server list: types a keyword, shows the first matches. */
export function RemoteSelect({
  queryKey,
  search,
  known = noneKnown,
  mode,
  value,
  onChange,
  placeholder,
  id,
  allowClear,
}: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery({ queryKey: [...queryKey, keyword], queryFn: () => search(keyword), staleTime: 30_000 });
  const [seen, setSeen] = useState<Map<number, string>>(new Map());
  useEffect(() => {
    setSeen((previous) => {
      const options = [...known, ...(found.data ?? [])];
      // Unchanged names keep the same map, so React skips the render.
      if (options.every((o) => previous.get(o.value) === o.label)) return previous;
      const next = new Map(previous);
      for (const option of options) next.set(option.value, option.label);
      return next;
    });
  }, [known, found.data]);
  const options = useMemo(() => {
    const listed = found.data ?? [];
    const chosen = (Array.isArray(value) ? value : value ? [value] : [])
      .filter((v) => !listed.some((o) => o.value === v))
      .map((v) => ({ value: v, label: seen.get(v) ?? `#${v}` }));
    return [...chosen, ...listed];
  }, [found.data, value, seen]);

  return (
    <Select<number | number[] | null>
      id={id}
      mode={mode}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear={allowClear ?? true}
      value={value ?? (mode ? [] : null)}
      onChange={(next, option) =>
        onChange?.(next ?? null, option && !Array.isArray(option) ? String(option.label ?? '') : undefined)
      }
      onOpenChange={(open) => !open && setTyped('')}
      placeholder={placeholder ?? t('crud.picker.typeToSearch')}
      options={options}
      notFoundContent={found.isFetching ? <Spin size="small" /> : t('crud.picker.noMatch')}
      maxTagCount="responsive"
      style={{ width: '100%' }}
    />
  );
}
