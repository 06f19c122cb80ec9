import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordSchema } from '@casedesk/shared';
import { schemaRule } from '../../../platform/form-rules';

/** Current (optional), new and confirmation password, with the spec's four messages and password rule. */
export function PasswordFields({ withCurrent }: { withCurrent: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {withCurrent && (
        <Form.Item
          name="oldPassword"
          label={t('password.current')}
          rules={[{ required: true, message: t('server.currentPasswordRequired') }]}
        >
          <Input.Password autoComplete="current-password" maxLength={200} />
        </Form.Item>
      )}
      <Form.Item
        name="newPassword"
        label={t('password.new')}
        extra={t('server.passwordRule')}
        rules={[schemaRule(passwordSchema)]}
        validateFirst
      >
        <Input.Password autoComplete="new-password" maxLength={20} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('server.confirmPasswordRequired') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error(t('server.passwordMismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={20} />
      </Form.Item>
    </>
  );
}
