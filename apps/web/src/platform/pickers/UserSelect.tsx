import { useMemo } from 'react';
import type { User } from '@casedesk/shared';
import { useTranslation } from 'react-i18next';
import { resourceKeys } from '../crud/resource-api';
import { searchUsers } from './lookups';
import { RemoteSelect } from './RemoteSelect';
import { userLabel } from './user-names';

export type UserOption = Pick<User, 'id' | 'loginName' | 'fullName'> & Partial<Pick<User, 'realName'>>;

type Single = { mode?: undefined; value?: number | null; onChange?: (value: number | null) => void };
type Multiple = { mode: 'multiple'; value?: number[]; onChange?: (value: number[]) => void };
type Props = (Single | Multiple) & {
  /** Users already chosen, so their names show before any search. */
  known?: UserOption[];
  placeholder?: string;
  id?: string;
};

const noUsers: UserOption[] = [];

/** Picks users (any status) by searching login name, name or e-mail on the server. */
export function UserSelect({ known = noUsers, placeholder, ...props }: Props) {
  const { t } = useTranslation();
  // Stable between renders: the picker remembers the labels it is given.
  const options = useMemo(() => known.map((user) => ({ value: user.id, label: userLabel(user) })), [known]);
  return (
    <RemoteSelect
      {...(props as { mode?: 'multiple'; value?: number | number[] | null; id?: string })}
      onChange={(next) => (props.onChange as ((value: number | number[] | null) => void) | undefined)?.(next)}
      queryKey={resourceKeys('User').of('anyStatus')}
      search={(keyword) => searchUsers(keyword, { anyStatus: true })}
      known={options}
      placeholder={placeholder ?? t('crud.picker.searchUser')}
    />
  );
}
