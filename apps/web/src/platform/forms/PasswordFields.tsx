import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { messages } from '../shared-messages';
import { translateServerMessage } from '../server-messages';
import { PasswordPair } from './PasswordPair';

/** Current (optional), new and confirmation password, with the spec's four messages and password rule. */
export function PasswordFields({ withCurrent }: { withCurrent: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {withCurrent && (
        <Form.Item
          name="oldPassword"
          label={t('passwordForm.current')}
          rules={[{ required: true, message: translateServerMessage(messages.currentPasswordRequired) }]}
        >
          <Input.Password autoComplete="current-password" maxLength={200} />
        </Form.Item>
      )}
      <PasswordPair
        name="newPassword"
        showRule
        labels={{ password: t('passwordForm.new'), confirm: t('passwordForm.confirm') }}
      />
    </>
  );
}
