import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserSearch } from './lookups';

export type UserOption = { id: number; loginName: string; fullName: string | null };

const labelOf = (user: UserOption) => (user.fullName ? `${user.fullName} (${user.loginName})` : user.loginName);

type Single = { mode?: undefined; value?: number | null; onChange?: (value: number | null) => void };
type Multiple = { mode: 'multiple'; value?: number[]; onChange?: (value: number[]) => void };
type Props = (Single | Multiple) & {
  /** Users already chosen, so their names show before any search. */
  known?: UserOption[];
  placeholder?: string;
  id?: string;
};

/** Picks users by searching login name, name or e-mail on the server. */
export function UserSelect(props: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const { data = [], isFetching } = useUserSearch(keyword);
  const [seen, setSeen] = useState<Map<number, UserOption>>(new Map());

  const options = useMemo(() => {
    const all = new Map<number, UserOption>();
    for (const user of props.known ?? []) all.set(user.id, user);
    for (const user of seen.values()) all.set(user.id, user);
    for (const user of data) all.set(user.id, user);
    return [...all.values()].map((user) => ({ value: user.id, label: labelOf(user) }));
  }, [data, props.known, seen]);

  // Keeps the names of chosen users when a later search no longer returns them.
  const remember = (ids: number[]) => {
    const next = new Map(seen);
    for (const user of data) if (ids.includes(user.id)) next.set(user.id, user);
    setSeen(next);
  };

  const common = {
    id: props.id,
    showSearch: { filterOption: false, onSearch: setKeyword },
    allowClear: true,
    loading: isFetching,
    options,
    placeholder: props.placeholder ?? t('crud.picker.searchUser'),
    notFoundContent: t('crud.picker.noMatch'),
    onOpenChange: (open: boolean) => {
      if (!open) setKeyword('');
    },
  };

  if (props.mode === 'multiple') {
    const { onChange } = props;
    return (
      <Select<number[]>
        {...common}
        mode="multiple"
        value={props.value ?? []}
        onChange={(ids) => {
          remember(ids);
          onChange?.(ids);
        }}
      />
    );
  }
  const { onChange } = props;
  return (
    <Select<number | null>
      {...common}
      value={props.value ?? null}
      onChange={(id) => {
        if (typeof id === 'number') remember([id]);
        onChange?.(id ?? null);
      }}
    />
  );
}
