import type { DelegatePickOption } from '@casedesk/shared';
import { useTranslation } from 'react-i18next';
import { resourceKeys } from '../../../platform/crud/resource-api';
import { http } from '../../../platform/http/client';
import { usePermissions } from '../../../platform/permission';
import { searchUsers } from '../../../platform/pickers/lookups';
import { RemoteSelect } from '../../../platform/pickers/RemoteSelect';

type Props =
  | { mode?: undefined; value?: number | null; onChange?: (value: number | null) => void; id?: string }
  | { mode: 'multiple'; value?: number[]; onChange?: (value: number[]) => void; id?: string };

/**
 * Active users to add as signers or hand a task to. Approvers are mostly staff without `user:view`, so they search
 * the active users the delegate picker offers (`POST /api/Delegate/Users`, the common role has it).
 */
export function PersonSelect(props: Props) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const search = has('user:view')
    ? (keyword: string) => searchUsers(keyword)
    : async (keyword: string) =>
        (await http.post<DelegatePickOption[]>('/api/Delegate/Users', keyword ? { keyword } : {})).map((o) => ({
          value: o.id,
          label: o.name,
        }));
  return (
    <RemoteSelect
      {...(props as { mode?: 'multiple'; value?: number | number[] | null; id?: string })}
      onChange={(next) => (props.onChange as ((value: number | number[] | null) => void) | undefined)?.(next)}
      queryKey={resourceKeys('User').of('workflowPeople', has('user:view'))}
      search={search}
      placeholder={t('crud.picker.searchUser')}
    />
  );
}
