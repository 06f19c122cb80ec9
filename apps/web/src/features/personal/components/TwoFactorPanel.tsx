import { useState } from 'react';
import { KeyOutlined, SafetyOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TotpSetup } from '@casedesk/shared';
import { useSaveFailure } from '../../../platform/crud/failure';
import { formatDateTime } from '../../../platform/format';
import { RecoveryCodes } from '../../../platform/two-factor/RecoveryCodes';
import { TotpQr } from '../../../platform/two-factor/TotpQr';
import { useTwoFactor, useTwoFactorCalls } from '../api';

/** My account → Two factors: the authenticator app (QR, code, recovery codes shown once, off) and passkeys. */
export function TwoFactorPanel() {
  const { t } = useTranslation();
  const { data: status } = useTwoFactor();
  const calls = useTwoFactorCalls();
  const saveFailure = useSaveFailure();
  const { message } = App.useApp();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [busy, setBusy] = useState(false);
  const [enableForm] = Form.useForm<{ code: string }>();
  const [disableForm] = Form.useForm<{ password: string; code: string }>();
  if (!status) return null;

  const run = async <T,>(work: () => Promise<T>, form?: Parameters<typeof saveFailure>[1]) => {
    setBusy(true);
    try {
      return await work();
    } catch (error) {
      saveFailure(error, form, null);
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const addPasskey = async () => {
    const added = await run(() => calls.addPasskey(t('personal.twoFactor.passkeyDefaultName')));
    if (added) void message.success(t('personal.twoFactor.passkeyAdded'));
  };

  return (
    <div style={{ maxWidth: 640 }} className="two-factor-panel">
      <Typography.Title level={5}>
        <SafetyOutlined /> {t('personal.twoFactor.app')}{' '}
        {status.totp ? <Tag color="green">{t('personal.twoFactor.on')}</Tag> : <Tag>{t('personal.twoFactor.off')}</Tag>}
      </Typography.Title>
      {status.required && !status.totp && status.passkeys.length === 0 && (
        <Typography.Paragraph type="warning">{t('personal.twoFactor.required')}</Typography.Paragraph>
      )}
      {codes ? (
        <>
          <RecoveryCodes codes={codes} />
          <Button type="primary" style={{ marginTop: 12 }} onClick={() => setCodes(null)}>
            {t('personal.twoFactor.done')}
          </Button>
        </>
      ) : setup ? (
        <>
          <Typography.Paragraph type="secondary">{t('personal.twoFactor.scan')}</Typography.Paragraph>
          <TotpQr otpauthUrl={setup.otpauthUrl} secret={setup.secret} />
          <Form
            form={enableForm}
            layout="inline"
            onFinish={(v) =>
              void run(async () => {
                const answer = await calls.enable(v.code);
                setSetup(null);
                setCodes(answer.recoveryCodes);
              }, enableForm)
            }
          >
            <Form.Item name="code" label={t('personal.twoFactor.code')} rules={[{ required: true, whitespace: true }]}>
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={7} style={{ width: 140 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('personal.twoFactor.turnOn')}
            </Button>
            <Button type="link" onClick={() => setSetup(null)}>
              {t('common.cancel')}
            </Button>
          </Form>
        </>
      ) : status.totp ? (
        <>
          <Typography.Paragraph>
            {t('personal.twoFactor.codesLeft', { count: status.recoveryCodesLeft })}
          </Typography.Paragraph>
          {disabling ? (
            <Form
              form={disableForm}
              layout="vertical"
              onFinish={(v) =>
                void run(async () => {
                  await calls.disable(v);
                  setDisabling(false);
                  disableForm.resetFields();
                }, disableForm)
              }
            >
              <Form.Item name="password" label={t('personal.twoFactor.password')} rules={[{ required: true }]}>
                <Input.Password autoComplete="current-password" />
              </Form.Item>
              <Form.Item name="code" label={t('personal.twoFactor.code')} rules={[{ required: true }]}>
                <Input autoComplete="one-time-code" inputMode="numeric" maxLength={7} />
              </Form.Item>
              <Space>
                <Button danger htmlType="submit" loading={busy}>
                  {t('personal.twoFactor.turnOff')}
                </Button>
                <Button onClick={() => setDisabling(false)}>{t('common.cancel')}</Button>
              </Space>
            </Form>
          ) : (
            <Button danger onClick={() => setDisabling(true)}>
              {t('personal.twoFactor.turnOff')}
            </Button>
          )}
        </>
      ) : (
        <Button type="primary" loading={busy} onClick={() => void run(async () => setSetup(await calls.setup()))}>
          {t('personal.twoFactor.setUp')}
        </Button>
      )}

      <Typography.Title level={5} style={{ marginTop: 32 }}>
        <KeyOutlined /> {t('personal.twoFactor.passkeys')}
      </Typography.Title>
      <List
        size="small"
        bordered
        locale={{ emptyText: t('personal.twoFactor.noPasskeys') }}
        dataSource={status.passkeys}
        renderItem={(passkey) => (
          <List.Item
            actions={[
              <Popconfirm
                key="remove"
                title={t('personal.twoFactor.removeConfirm')}
                onConfirm={() => void run(() => calls.removePasskey(passkey.id))}
              >
                <Button type="link" danger size="small">
                  {t('personal.twoFactor.remove')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={
                <Typography.Text
                  editable={{
                    tooltip: t('personal.twoFactor.rename'),
                    onChange: (name) => {
                      if (name.trim() && name !== passkey.name) void run(() => calls.renamePasskey(passkey.id, name));
                    },
                  }}
                >
                  {passkey.name}
                </Typography.Text>
              }
              description={t('personal.twoFactor.passkeyDates', {
                created: formatDateTime(passkey.createdAt),
                used: passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : '—',
              })}
            />
          </List.Item>
        )}
      />
      <Button style={{ marginTop: 12 }} icon={<KeyOutlined />} loading={busy} onClick={() => void addPasskey()}>
        {t('personal.twoFactor.addPasskey')}
      </Button>
    </div>
  );
}
