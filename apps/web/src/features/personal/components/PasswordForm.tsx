import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/feedback';
import { PasswordFields } from '../../../platform/forms/PasswordFields';
import { useChangePassword } from '../api';
import { showFailure } from '../failure';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };

export function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 520 }}
      onFinish={(values) =>
        change.mutate(values, {
          onSuccess: () => {
            form.resetFields();
            feedback.success(t('password.changed'));
          },
          onError: (error) => showFailure(error, form),
        })
      }
    >
      <PasswordFields withCurrent />
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('password.submit')}
      </Button>
    </Form>
  );
}
