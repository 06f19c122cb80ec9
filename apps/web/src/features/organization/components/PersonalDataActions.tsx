import { DownloadOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { userDisplayName, type User, type UserErase } from '@casedesk/shared';
import { useActionFeedback } from '../../../platform/crud/failure';
import { RowIconButton } from '../../../platform/crud/RowIconButton';
import { downloadPersonalData, userApi } from '../api';

/**
 * A user row's personal-data actions (contract 24), offered as the server's `actions[]` say: the zip of what is
 * held about them, and the erase, which asks first in words that name the person and say it cannot be undone.
 */
export function PersonalDataActions({ user }: { user: User }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const feedback = useActionFeedback();
  const erase = userApi.useCall<UserErase>(() => 'Erase');
  const name = userDisplayName(user);
  const failed = feedback().onError;

  const confirmErase = () =>
    modal.confirm({
      title: t('organization.user.eraseTitle'),
      content: t('organization.user.confirm.erase', { name, id: user.id }),
      okText: t('organization.user.eraseOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        erase
          .mutateAsync({ id: user.id, rowVersion: user.rowVersion })
          .then(() => feedback(t('organization.user.erased', { name })).onSuccess(), failed),
    });

  return (
    <>
      {user.actions.includes('exportPersonalData') && (
        <RowIconButton
          label={t('organization.user.actions.exportPersonalData')}
          icon={<DownloadOutlined />}
          onClick={() => void downloadPersonalData(user.id).catch(failed)}
        />
      )}
      {user.actions.includes('erase') && (
        <RowIconButton
          label={t('organization.user.actions.erase')}
          icon={<UserDeleteOutlined />}
          danger
          onClick={confirmErase}
        />
      )}
    </>
  );
}
