import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordSchema, type User, type UserResetPassword } from '@casedesk/shared';
import { feedback } from '../../../platform/feedback';
import { schemaRule } from '../../../platform/form-rules';
import { useAction } from '../api';
import { showFailure } from './failure';

type Values = { password: string; confirmPassword: string };

/** An administrator sets a temporary password; the user must choose a new one at the next sign-in. */
export function ResetPasswordModal({ user, onClose }: { user: User | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const reset = useAction<UserResetPassword>('User', () => '/api/User/ResetPassword');

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
              onError: (error) => showFailure(error, form),
            },
          )
        }
      >
        <Form.Item
          required
          name="password"
          label={t('organization.user.fields.password')}
          rules={[schemaRule(passwordSchema)]}
        >
          <Input.Password maxLength={20} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('organization.user.fields.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('server.confirmPasswordRequired') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value) => {
                if (value && value !== getFieldValue('password')) throw new Error(t('server.passwordMismatch'));
              },
            }),
          ]}
        >
          <Input.Password maxLength={20} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
