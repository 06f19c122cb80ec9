import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../platform/permission';
import { getUser, userLabel } from '../api';

/** A user's name from their id; only looked up for those allowed to see users (else a 403 alert would show). */
export function UserName({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const allowed = usePermissions().has('user:view');
  const user = useQuery({
    queryKey: ['User', 'name', id],
    queryFn: () => getUser(id ?? 0),
    enabled: allowed && id !== null,
    staleTime: 60_000,
  });
  if (id === null) return <Typography.Text type="secondary">{t('category.noAssignee')}</Typography.Text>;
  return <>{user.data ? userLabel(user.data) : `#${id}`}</>;
}
