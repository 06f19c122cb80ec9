import { lazy, Suspense, useEffect, useState } from 'react';
import { LockOutlined, LoginOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Divider, Form, Spin } from 'antd';
// Input and its Password one by one: the barrel's Input also brings TextArea, Search and OTP to the first screen.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { loginSchema, SecondFactorChallenge } from '@casedesk/shared';
import { useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../../../../platform/page-title';
import { appConfig } from '../../../../platform/config';
import { ApiError } from '../../../../platform/http/client';
import { translateServerMessage } from '../../../../platform/server-messages';
import { usePublicSettings } from '../../../../platform/public-settings';
import { local, session } from '../../../../platform/storage';
import { isLanguage } from '../../../../platform/i18n';
import { getSsoMessage, signIn, signInWithSsoCode, type SsoMessage } from '../../api';
import { AuthLayout } from '../../components/AuthLayout';

// Loaded when first opened: most sign-ins never need it.
// The second step (contract section 24): only users with a second factor see it.
const SecondStep = lazy(() => import('../../components/SecondStep').then((m) => ({ default: m.SecondStep })));
const ForgotPasswordModal = lazy(() =>
  import('../../components/ForgotPasswordModal').then((m) => ({ default: m.ForgotPasswordModal })),
);

// "Remember me" stays in this browser; it is not part of the sign-in call.
type Values = z.input<typeof loginSchema> & { remember: boolean };

/** One-time codes already traded (a re-render or React's double effect must not spend one twice). */
const usedSsoCodes = new Set<string>();

/**
 * The `?ssoError=` the single sign-on callback sent: a reason code (`ssoErrors` in shared), looked up in the
 * `login.ssoErrors` texts (this feature's, so they come with the sign-in page). Not imported from
 * shared: its module would bring zod to the first screen.
 */
const ssoErrorOf = (search: string): string | null => {
  const value = new URLSearchParams(search).get('ssoError');
  return value && /^[a-zA-Z]{1,40}$/.test(value) ? value : null;
};

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const ssoCode = new URLSearchParams(location.search).get('sso');
  const [ssoBusy, setSsoBusy] = useState(Boolean(ssoCode));
  usePageTitle(t('login.title'));
  const [form] = Form.useForm<Values>();
  const [ssoError, setSsoError] = useState<string | null>(() => ssoErrorOf(location.search));
  const [ownError, setError] = useState<string | null>(null);
  const [idleSignedOut] = useState(() => session.get<boolean>('idleSignedOut') === true);
  useEffect(() => session.remove('idleSignedOut'), []);
  // Translated at render; a reason this version does not know reads as the general one.
  const error =
    ownError ?? (ssoError ? t(`login.ssoErrors.${ssoError}`, { defaultValue: t('login.ssoErrors.failed') }) : null);
  const [busy, setBusy] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondFactorChallenge | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotUsed, setForgotUsed] = useState(false);
  const [sso, setSso] = useState<SsoMessage | null>(null);
  const remembered = local.get<string>('rememberedUser');
  const { ssoButton } = usePublicSettings();

  useEffect(() => {
    getSsoMessage()
      .then(setSso)
      .catch(() => setSso(null));
  }, []);

  // Back from the provider with a one-time code: first the address where the user was headed (so that the guard
  // goes there once the session starts), then the code traded for the session.
  useEffect(() => {
    if (!ssoCode || usedSsoCodes.has(ssoCode)) return;
    usedSsoCodes.add(ssoCode);
    const back = session.get<string>('ssoReturn') ?? '';
    session.remove('ssoReturn');
    void navigate(`/login${back}`, { replace: true });
    signInWithSsoCode(ssoCode).catch((cause: unknown) => {
      setError(cause instanceof ApiError && cause.kind === 'http' ? translateServerMessage(cause) : t('login.failed'));
      setSsoBusy(false);
    });
  }, [ssoCode, navigate, t]);

  const startSso = () => {
    // The provider's round trip loses the address: keep where the user was headed for after it.
    const query = new URLSearchParams(location.search);
    query.delete('ssoError');
    const rest = query.toString();
    session.set('ssoReturn', rest ? `?${rest}` : '');
    window.location.assign(`${appConfig.apiBaseUrl}/api/token/SSOLogin`);
  };
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const ssoText = sso?.buttonText?.[language] || t('login.sso');

  if (ssoBusy)
    return (
      <AuthLayout subtitle={t('login.subtitle')}>
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin />
          <div style={{ marginTop: 16 }}>{t('login.ssoSigningIn')}</div>
        </div>
      </AuthLayout>
    );

  if (secondStep)
    return (
      <AuthLayout subtitle={t('login.subtitle')}>
        <Suspense fallback={<Spin />}>
          <SecondStep step={secondStep} onBack={() => setSecondStep(null)} />
        </Suspense>
      </AuthLayout>
    );

  const onFinish = async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      if (values.remember) local.set('rememberedUser', values.userName.trim());
      else local.remove('rememberedUser');
      const challenge = await signIn(values.userName.trim(), values.password);
      if (challenge) setSecondStep(challenge);
    } catch (cause) {
      if (cause instanceof ApiError && cause.kind === 'http') setError(translateServerMessage(cause));
      else if (!(cause instanceof ApiError)) setError(t('login.failed'));
      form.setFieldValue('password', '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout subtitle={t('login.subtitle')}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        initialValues={{ userName: remembered ?? '', remember: Boolean(remembered) }}
        onFinish={(values) => void onFinish(values)}
        onValuesChange={() => {
          if (ownError) setError(null);
          if (ssoError) setSsoError(null);
        }}
      >
        <Form.Item name="userName" rules={[{ required: true, whitespace: true, message: t('login.userNameRequired') }]}>
          <Input
            prefix={<UserOutlined />}
            placeholder={t('login.userName')}
            aria-label={t('login.userName')}
            autoComplete="username"
            autoFocus={!remembered}
            maxLength={100}
          />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Password
            prefix={<LockOutlined />}
            placeholder={t('login.password')}
            aria-label={t('login.password')}
            autoComplete="current-password"
            autoFocus={Boolean(remembered)}
            maxLength={200}
          />
        </Form.Item>
        {error ? (
          <Alert className="login-error" type="error" showIcon title={error} style={{ marginBottom: 16 }} />
        ) : (
          idleSignedOut && (
            <Alert type="warning" showIcon title={t('login.idleSignedOut')} style={{ marginBottom: 16 }} />
          )
        )}
        <div className="auth-row" style={{ marginBottom: 16 }}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>{t('login.remember')}</Checkbox>
          </Form.Item>
          <Button
            type="link"
            style={{ padding: 0 }}
            onClick={() => {
              setForgotUsed(true);
              setForgotOpen(true);
            }}
          >
            {t('login.forgotLink')}
          </Button>
        </div>
        <Button type="primary" htmlType="submit" block loading={busy} icon={<LoginOutlined />}>
          {t('login.submit')}
        </Button>
      </Form>
      {/* Settings → Toggles shows the button, but only once the server has a sign-in flow to send it to. */}
      {ssoButton && sso?.configured && (
        <>
          <Divider plain>{t('login.or')}</Divider>
          <Button block size="large" icon={<SafetyCertificateOutlined />} onClick={startSso} className="sso-button">
            {ssoText}
          </Button>
        </>
      )}
      {forgotUsed && (
        <Suspense fallback={null}>
          <ForgotPasswordModal open={forgotOpen} onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </AuthLayout>
  );
}
