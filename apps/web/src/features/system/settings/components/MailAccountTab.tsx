import { useState } from 'react';
import { ApiOutlined, CheckCircleTwoTone, CloseCircleTwoTone } from '@ant-design/icons';
import { Alert, App, Descriptions, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailMessages, type MailAccountTestResult } from '@casedesk/shared';
import { ListPage } from '../../../../platform/crud/ListPage';
import { RowIconButton } from '../../../../platform/crud/RowIconButton';
import { useServerText } from '../../../../platform/crud/failure';
import { ApiError } from '../../../../platform/http/client';
import { translateServerMessage } from '../../../../platform/server-messages';
import { mailAccountApi, useTestMailAccount, type MailAccountRecord } from '../mail-account-api';
import { MailAccountEditor } from './MailAccountEditor';
import { formatDateTime } from '../../../../platform/format';

type ConnectionResult = MailAccountTestResult['smtp'] & { messageKey?: string };

/**
 * A connection's result in the user's language: the server's text by its key, then the server's own words (the
 * part after the catalog text, e.g. the host it could not find).
 */
export function connectionText({ message, messageKey }: ConnectionResult): string {
  const name = messageKey?.startsWith('email.') ? messageKey.slice('email.'.length) : undefined;
  const english = name ? (emailMessages as Record<string, unknown>)[name] : undefined;
  if (!messageKey || typeof english !== 'string' || !message.startsWith(english))
    return translateServerMessage(message);
  const detail = message.slice(english.length).replace(/^[\s:]+/, '');
  const head = translateServerMessage({ message: english, messageKey });
  return detail ? `${head} (${detail})` : head;
}

/** Settings → E-mail: the mail accounts, their editor, and a Test of both connections. */
export function MailAccountTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const text = useServerText();
  const test = useTestMailAccount();
  const [testing, setTesting] = useState<MailAccountRecord | null>(null);
  const [result, setResult] = useState<MailAccountTestResult | null>(null);

  const runTest = (account: MailAccountRecord) => {
    setTesting(account);
    setResult(null);
    test.mutate(account.id, {
      onSuccess: setResult,
      onError: (error) => {
        setTesting(null);
        if (error instanceof ApiError && error.status !== 403) void message.error(text(error));
      },
    });
  };

  return (
    <>
      <Alert type="info" showIcon className="mail-account-rule" title={t('settings.mail.defaultRule')} />
      <ListPage<MailAccountRecord>
        kind="mail-account"
        api={mailAccountApi}
        module="settings"
        title={t('settings.mail.title')}
        searchPlaceholder={t('settings.mail.search')}
        exportName="mail-accounts.xlsx"
        nameOf={(account) => account.name}
        statusField="status"
        actionsWidth={130}
        rowActions={(account) => (
          <RowIconButton
            label={t('settings.mail.test')}
            className="mail-account-test"
            icon={<ApiOutlined />}
            onClick={() => runTest(account)}
          />
        )}
        columns={[
          {
            key: 'name',
            dataIndex: 'name',
            title: t('settings.mail.fields.name'),
            render: (name: string, account) => (
              <Space size={4}>
                {name}
                {account.isDefault && <Tag color="blue">{t('settings.mail.default')}</Tag>}
                {account.status === 'Inactive' && <Tag>{t('settings.mail.inactive')}</Tag>}
              </Space>
            ),
          },
          { key: 'address', dataIndex: 'address', title: t('settings.mail.fields.address') },
          {
            key: 'smtp',
            title: t('settings.mail.smtp'),
            render: (_: unknown, a) => (
              <Typography.Text code>
                {a.smtpHost}:{a.smtpPort}
                {a.smtpSsl ? ' SSL' : a.smtpStartTls ? ' STARTTLS' : ''}
              </Typography.Text>
            ),
          },
          {
            key: 'incoming',
            title: t('settings.mail.incoming'),
            render: (_: unknown, a) =>
              a.incomingHost ? (
                <Typography.Text code>
                  {a.incomingProtocol} {a.incomingHost}:{a.incomingPort ?? ''}
                  {a.incomingSsl ? ' SSL' : a.incomingStartTls ? ' STARTTLS' : ''}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          {
            key: 'fetch',
            title: t('settings.mail.lastFetch'),
            render: (_: unknown, a) =>
              !a.fetchEnabled ? (
                <Typography.Text type="secondary">{t('settings.mail.fetchOff')}</Typography.Text>
              ) : (
                <Space size={4}>
                  {a.lastFetchResult && (
                    <Tag
                      color={a.lastFetchResult === 'Succeeded' ? 'success' : 'error'}
                      title={a.lastFetchMessage ?? undefined}
                    >
                      {t(`settings.mail.fetch.${a.lastFetchResult}`)}
                    </Tag>
                  )}
                  {formatDateTime(a.lastFetchAt)}
                </Space>
              ),
          },
        ]}
        editor={({ id, onClose }) => <MailAccountEditor id={id} onClose={onClose} />}
      />
      <Modal
        open={testing !== null}
        title={t('settings.mail.testTitle', { name: testing?.name ?? '' })}
        onCancel={() => setTesting(null)}
        onOk={() => setTesting(null)}
        okText={t('common.ok')}
        cancelButtonProps={{ style: { display: 'none' } }}
        className="mail-account-test-result"
      >
        {!result ? (
          <Spin style={{ display: 'block', margin: '24px auto' }} />
        ) : (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('settings.mail.smtp')}>
              <TestLine ok={result.smtp.ok} text={connectionText(result.smtp)} kind="smtp" />
            </Descriptions.Item>
            <Descriptions.Item label={t('settings.mail.incoming')}>
              <TestLine ok={result.incoming.ok} text={connectionText(result.incoming)} kind="incoming" />
            </Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </>
  );
}

function TestLine({ ok, text, kind }: { ok: boolean; text: string; kind: string }) {
  return (
    <Space className={`mail-test-${kind} mail-test-${ok ? 'ok' : 'failed'}`} align="start">
      {ok ? <CheckCircleTwoTone twoToneColor="#52c41a" /> : <CloseCircleTwoTone twoToneColor="#ff4d4f" />}
      <Typography.Text type={ok ? 'success' : 'danger'}>{text}</Typography.Text>
    </Space>
  );
}
