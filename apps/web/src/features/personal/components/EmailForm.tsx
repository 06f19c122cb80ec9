import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { accountEmailUpdateSchema, type AccountProfile } from '@casedesk/shared';
import { feedback } from '../../../platform/feedback';
import { useFormFill } from '../../../platform/form-fill';
import { schemaRule } from '../../../platform/form-rules';
import { useUpdateEmail } from '../api';
import { useSaveFailure } from '../../../platform/crud/failure';

// The row version is sent from the profile, not typed.
type Values = Omit<z.input<typeof accountEmailUpdateSchema>, 'rowVersion'>;
const fields = accountEmailUpdateSchema.shape;

export function EmailForm({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const saveFailure = useSaveFailure();
  const update = useUpdateEmail();
  useFormFill(form, profile.email ?? '', (email) => ({ email }));

  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 520 }}
      onFinish={(values) =>
        update.mutate(
          { ...values, email: values.email.trim(), rowVersion: profile.rowVersion },
          {
            onSuccess: () => {
              form.setFieldValue('password', '');
              feedback.success(t('server.operationSuccessful'));
            },
            onError: (error) => saveFailure(error, form, null),
          },
        )
      }
    >
      <Form.Item name="email" label={t('personal.email')} rules={[schemaRule(fields.email)]}>
        <Input type="email" autoComplete="email" maxLength={254} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('passwordForm.current')}
        extra={t('personal.emailPasswordHint')}
        rules={[schemaRule(fields.password)]}
      >
        <Input.Password autoComplete="current-password" maxLength={200} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('personal.saveEmail')}
      </Button>
    </Form>
  );
}
