import { useState } from 'react';
import { Alert, Button, Form } from 'antd';
import { StatusResult } from '../../../../platform/StatusResult';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { resetPasswordSchema } from '@casedesk/shared';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../../platform/page-title';
import { ApiError } from '../../../../platform/http/client';
import { translateServerMessage } from '../../../../platform/server-messages';
import { resetPassword } from '../../api';
import { AuthLayout } from '../../components/AuthLayout';
import { PasswordFields } from '../../../../platform/forms/PasswordFields';

// The token comes from the link, not the form.
type Values = Omit<z.input<typeof resetPasswordSchema>, 'token'>;

/** Where the forgot-password e-mail's link leads: `/reset-password?token=...`. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('password.resetTitle'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const onFinish = async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      await resetPassword({ token, ...values });
      setDone(true);
    } catch (cause) {
      if (cause instanceof ApiError && cause.kind === 'http')
        setError(
          cause.messageKey === 'common.resetLinkInvalid' ? t('password.linkInvalid') : translateServerMessage(cause),
        );
    } finally {
      setBusy(false);
    }
  };

  const toLogin = (
    <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
      {t('password.toSignIn')}
    </Button>
  );

  return (
    <AuthLayout subtitle={t('password.resetSubtitle')}>
      {done ? (
        <StatusResult
          status="success"
          title={t('server.operationSuccessful')}
          subTitle={t('password.resetDone')}
          extra={toLogin}
        />
      ) : token.length < 10 ? (
        <StatusResult status="warning" title={t('password.linkInvalid')} extra={toLogin} />
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void onFinish(values)}>
          <PasswordFields withCurrent={false} />
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('password.resetSubmit')}
          </Button>
        </Form>
      )}
    </AuthLayout>
  );
}
