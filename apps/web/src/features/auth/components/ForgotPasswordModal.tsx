import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { forgotPasswordSchema } from '@casedesk/shared';
import { ApiError } from '../../../platform/http/client';
import { feedback } from '../../../platform/feedback';
import { translateServerMessage } from '../../../platform/server-messages';
import { forgotPassword } from '../api';

type Values = z.input<typeof forgotPasswordSchema>;

/** User name plus e-mail: the server mails a reset link (spec section 2, /login). */
export function ForgotPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      await forgotPassword({ userName: values.userName.trim(), email: values.email.trim() });
      feedback.success(t('server.operationSuccessful'));
      form.resetFields();
      onClose();
    } catch (cause) {
      if (cause instanceof ApiError && cause.kind === 'http') setError(translateServerMessage(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('login.forgot.title')}
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('login.forgot.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      width={420}
    >
      <p className="auth-subtitle">{t('login.forgot.text')}</p>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()}>
        <Form.Item
          name="userName"
          label={t('login.userName')}
          rules={[{ required: true, whitespace: true, message: t('login.userNameRequired') }]}
        >
          <Input autoComplete="username" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('login.email')}
          rules={[
            { required: true, whitespace: true, message: t('login.emailRequired') },
            { type: 'email', message: t('login.invalidEmail') },
          ]}
        >
          <Input type="email" autoComplete="email" maxLength={254} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
