import { Alert, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { User, UserResetPassword, userResetPasswordSchema } from '@casedesk/shared';
import { useSaveFailure } from '../../../platform/crud/failure';
import { feedback } from '../../../platform/feedback';
import { PasswordPair } from '../../../platform/forms/PasswordPair';
import { userApi } from '../api';

// The user is the one the modal opened for, and a reset password must always be changed at the next sign-in.
type Values = Pick<z.input<typeof userResetPasswordSchema>, 'password' | 'confirmPassword'>;

/** An administrator sets a temporary password; the user must choose a new one at the next sign-in. */
export function ResetPasswordModal({ user, onClose }: { user: User | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const reset = userApi.useCall<UserResetPassword>(() => 'ResetPassword');
  const saveFailure = useSaveFailure();

  return (
    <Modal
      open={user !== undefined}
      title={t('organization.user.resetPasswordTitle', { name: user?.loginName ?? '' })}
      okText={t('organization.user.actions.resetPassword')}
      cancelText={t('common.cancel')}
      confirmLoading={reset.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('organization.user.resetPasswordNote')} style={{ marginBottom: 16 }} />
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) =>
          user &&
          reset.mutate(
            { id: user.id, ...values, needToChangePwd: true },
            {
              onSuccess: () => {
                feedback.success(t('organization.user.passwordReset'));
                onClose();
              },
              onError: (error) => saveFailure(error, form, null),
            },
          )
        }
      >
        <PasswordPair
          name="password"
          labels={{
            password: t('organization.user.fields.password'),
            confirm: t('organization.user.fields.confirmPassword'),
          }}
        />
      </Form>
    </Modal>
  );
}
