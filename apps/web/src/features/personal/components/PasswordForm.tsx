import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { resetInitPasswordSchema } from '@casedesk/shared';
import { feedback } from '../../../platform/feedback';
import { PasswordFields } from '../../../platform/forms/PasswordFields';
import { useChangePassword } from '../api';
import { useSaveFailure } from '../../../platform/crud/failure';

type Values = z.input<typeof resetInitPasswordSchema>;

export function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const saveFailure = useSaveFailure();
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
          onError: (error) => saveFailure(error, form, null),
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
