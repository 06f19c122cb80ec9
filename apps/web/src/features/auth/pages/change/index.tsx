import { useState } from 'react';
import { Alert, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { resetInitPasswordSchema } from '@casedesk/shared';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../../platform/page-title';
import { setNeedToChangePwd, setUserInfo, userInfoFrom } from '../../../../platform/auth-store';
import { feedback } from '../../../../platform/feedback';
import { ApiError } from '../../../../platform/http/client';
import { translateServerMessage } from '../../../../platform/server-messages';
import { getMyInfo, resetInitPassword } from '../../api';
import { AuthLayout } from '../../components/AuthLayout';
import { PasswordFields } from '../../../../platform/forms/PasswordFields';

type Values = z.input<typeof resetInitPasswordSchema>;

/** The forced password change (guard rule 1): nothing else opens until it is done. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('password.changeTitle'));
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onFinish = async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      await resetInitPassword(values);
      const info = await getMyInfo().catch(() => null);
      if (info) setUserInfo(userInfoFrom(info));
      setNeedToChangePwd(false);
      feedback.success(t('password.changed'));
    } catch (cause) {
      if (cause instanceof ApiError && cause.kind === 'http') {
        const fields = cause.fieldErrors.filter((f) =>
          ['oldPassword', 'newPassword', 'confirmPassword'].includes(f.field),
        );
        if (fields.length > 0)
          form.setFields(fields.map((f) => ({ name: f.field as keyof Values, errors: [translateServerMessage(f)] })));
        else setError(translateServerMessage(cause));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout subtitle={t('password.changeSubtitle')}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void onFinish(values)}>
        <PasswordFields withCurrent />
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('password.submit')}
        </Button>
        <Button type="link" block style={{ marginTop: 8 }} onClick={() => navigate('/')}>
          {t('password.backToSignIn')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
