import { useEffect, useState } from 'react';
import { KeyOutlined, SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Divider, Form, Input, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SecondFactorChallenge, SignInTotpEnabled, TotpSetup } from '@casedesk/shared';
import { ApiError } from '../../../platform/http/client';
import { translateServerMessage } from '../../../platform/server-messages';
import { RecoveryCodes } from '../../../platform/two-factor/RecoveryCodes';
import { TotpQr } from '../../../platform/two-factor/TotpQr';
import { finishSignIn, signInSecondFactor, signInTotpEnable, signInTotpSetup, signInWithPasskey } from '../api';

type Props = { step: SecondFactorChallenge; onBack: () => void };

/** The sign-in's second step: a code from the app, a recovery code or a passkey; or the compulsory setup. */
export function SecondStep({ step, onBack }: Props) {
  return step.setupRequired ? <RequiredSetup step={step} onBack={onBack} /> : <Verify step={step} onBack={onBack} />;
}

function useRefusal() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const fail = (cause: unknown) =>
    setError(cause instanceof ApiError && cause.kind === 'http' ? translateServerMessage(cause) : t('login.failed'));
  return { error, setError, fail };
}

function Verify({ step, onBack }: Props) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'totp' | 'recovery'>(step.secondFactor.includes('totp') ? 'totp' : 'recovery');
  const [busy, setBusy] = useState(false);
  const { error, setError, fail } = useRefusal();
  const [form] = Form.useForm<{ code: string }>();
  const hasCodes = step.secondFactor.includes('totp');

  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    setError(null);
    try {
      await signInSecondFactor(step.challenge, mode === 'totp' ? { code } : { recoveryCode: code });
    } catch (cause) {
      fail(cause);
      form.setFieldValue('code', '');
    } finally {
      setBusy(false);
    }
  };
  const passkey = async () => {
    setBusy(true);
    setError(null);
    try {
      await signInWithPasskey(step.challenge);
    } catch (cause) {
      fail(cause);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="second-step">
      <Typography.Title level={5}>{t('login.second.title')}</Typography.Title>
      {hasCodes && (
        <>
          <Segmented<'totp' | 'recovery'>
            block
            value={mode}
            onChange={(value) => {
              setMode(value);
              form.resetFields();
            }}
            options={[
              { value: 'totp', label: t('login.second.app') },
              { value: 'recovery', label: t('login.second.recovery') },
            ]}
            style={{ marginBottom: 16 }}
          />
          <Form form={form} layout="vertical" requiredMark={false} size="large" onFinish={(v) => void submit(v)}>
            <Form.Item
              name="code"
              label={mode === 'totp' ? t('login.second.codeHelp') : t('login.second.recoveryHelp')}
              rules={[{ required: true, whitespace: true, message: t('login.second.codeRequired') }]}
            >
              <Input
                prefix={<SafetyOutlined />}
                autoFocus
                autoComplete="one-time-code"
                inputMode={mode === 'totp' ? 'numeric' : 'text'}
                maxLength={mode === 'totp' ? 7 : 20}
                aria-label={mode === 'totp' ? t('login.second.app') : t('login.second.recovery')}
              />
            </Form.Item>
            {error && (
              <Alert className="login-error" type="error" showIcon title={error} style={{ marginBottom: 16 }} />
            )}
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('login.second.verify')}
            </Button>
          </Form>
        </>
      )}
      {step.secondFactor.includes('passkey') && (
        <>
          {hasCodes && <Divider plain>{t('login.or')}</Divider>}
          {!hasCodes && error && <Alert className="login-error" type="error" showIcon title={error} />}
          <Button block size="large" icon={<KeyOutlined />} loading={busy} onClick={() => void passkey()}>
            {t('login.second.passkey')}
          </Button>
        </>
      )}
      <Button type="link" block onClick={onBack} style={{ marginTop: 8 }}>
        {t('login.second.back')}
      </Button>
    </div>
  );
}

function RequiredSetup({ step, onBack }: Props) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [done, setDone] = useState<SignInTotpEnabled | null>(null);
  const [busy, setBusy] = useState(false);
  const { error, setError, fail } = useRefusal();

  useEffect(() => {
    signInTotpSetup(step.challenge).then(setSetup, fail);
    // Once per challenge: a new secret each time would undo what the app scanned.
  }, [step.challenge]);

  const enable = async ({ code }: { code: string }) => {
    setBusy(true);
    setError(null);
    try {
      setDone(await signInTotpEnable(step.challenge, code));
    } catch (cause) {
      fail(cause);
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <div className="second-step">
        <Typography.Title level={5}>{t('twoFactor.recoveryTitle')}</Typography.Title>
        <RecoveryCodes codes={done.recoveryCodes} />
        <Button type="primary" block size="large" style={{ marginTop: 16 }} onClick={() => void finishSignIn(done)}>
          {t('login.second.continue')}
        </Button>
      </div>
    );
  return (
    <div className="second-step">
      <Typography.Title level={5}>{t('login.second.setupTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('login.second.setupHelp')}</Typography.Paragraph>
      {setup && <TotpQr otpauthUrl={setup.otpauthUrl} secret={setup.secret} />}
      <Form layout="vertical" requiredMark={false} size="large" onFinish={(v: { code: string }) => void enable(v)}>
        <Form.Item
          name="code"
          label={t('login.second.codeHelp')}
          rules={[{ required: true, whitespace: true, message: t('login.second.codeRequired') }]}
        >
          <Input prefix={<SafetyOutlined />} autoComplete="one-time-code" inputMode="numeric" maxLength={7} />
        </Form.Item>
        {error && <Alert className="login-error" type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block loading={busy} disabled={!setup}>
          {t('login.second.enable')}
        </Button>
      </Form>
      <Button type="link" block onClick={onBack} style={{ marginTop: 8 }}>
        {t('login.second.back')}
      </Button>
    </div>
  );
}
