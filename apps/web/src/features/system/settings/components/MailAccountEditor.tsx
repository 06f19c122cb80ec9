import { Col, Divider, Form, type FormInstance, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { emailMessages, incomingProtocols, mailAccountCreateSchema, type IncomingProtocol } from '@casedesk/shared';
import { EditorDrawer } from '../../../../platform/crud/EditorDrawer';
import { schemaRule } from '../../../../platform/form-rules';
import { translateServerMessage } from '../../../../platform/server-messages';
import { RemoteSelect } from '../../../../platform/pickers/RemoteSelect';
import { searchCategories, searchProjects } from '../../../../platform/pickers/lookups';
import { mailAccountApi, type MailAccountRecord } from '../mail-account-api';
import { incomingPort, nextPort, smtpPort } from './mail-ports';

type Values = z.input<typeof mailAccountCreateSchema>;

const fields = mailAccountCreateSchema.shape;

const defaults: Partial<Values> = {
  smtpPort: 587,
  smtpSsl: false,
  smtpStartTls: true,
  incomingProtocol: 'IMAP',
  incomingPort: 993,
  incomingSsl: true,
  incomingStartTls: false,
  incomingFolder: 'INBOX',
  fetchEnabled: false,
  fetchIntervalSeconds: 60,
  defaultProjectId: null,
  defaultCategoryId: null,
  isDefault: false,
  status: 'Active',
};

const toForm = (account: MailAccountRecord): Partial<Values> => {
  const { hasPassword: _h, lastFetchAt: _a, lastFetchResult: _r, lastFetchMessage: _m, ...rest } = account;
  return { ...rest, password: '' };
};

const blank = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

function toBody(v: Values): Record<string, unknown> {
  const { password, ...rest } = v;
  return {
    ...rest,
    displayName: blank(v.displayName),
    incomingHost: blank(v.incomingHost),
    incomingPort: blank(v.incomingHost) ? (v.incomingPort ?? null) : v.incomingPort,
    // Write-only: left empty on an edit, the stored password stays.
    ...(password ? { password } : {}),
  };
}

/** A mail account of Settings → E-mail: sending (SMTP) and fetching (POP3/IMAP), and where new tickets go. */
export function MailAccountEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <EditorDrawer<MailAccountRecord, Values>
      api={mailAccountApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('settings.mail.create') : t('settings.mail.edit')}
      width={760}
      defaults={defaults}
      toForm={toForm}
      toBody={toBody}
    >
      {(form, detail) => (
        <AccountFields form={form} creating={id === null} hasPassword={detail?.hasPassword ?? false} />
      )}
    </EditorDrawer>
  );
}

function AccountFields({
  form,
  creating,
  hasPassword,
}: {
  form: FormInstance<Values>;
  creating: boolean;
  hasPassword: boolean;
}) {
  const { t } = useTranslation();
  const protocol = Form.useWatch('incomingProtocol', form) ?? 'IMAP';
  const projectId = Form.useWatch('defaultProjectId', form);

  // A change of protocol or security moves the port to the usual one (a custom port stays).
  const smtpChanged = (change: Partial<{ ssl: boolean; startTls: boolean }>) => {
    const ssl = change.ssl ?? (form.getFieldValue('smtpSsl') as boolean);
    // SSL from the first byte and STARTTLS exclude each other.
    const startTls = change.ssl ? false : (change.startTls ?? (form.getFieldValue('smtpStartTls') as boolean));
    form.setFieldsValue({
      smtpSsl: change.startTls ? false : ssl,
      smtpStartTls: startTls,
      smtpPort: nextPort(
        'smtp',
        form.getFieldValue('smtpPort') as number,
        smtpPort({ ssl: change.startTls ? false : ssl, startTls }),
      ),
    });
  };
  const incomingChanged = (change: Partial<{ protocol: IncomingProtocol; ssl: boolean; startTls: boolean }>) => {
    const nextProtocol = change.protocol ?? (form.getFieldValue('incomingProtocol') as IncomingProtocol);
    const ssl = change.startTls ? false : (change.ssl ?? (form.getFieldValue('incomingSsl') as boolean));
    const startTls = change.ssl ? false : (change.startTls ?? (form.getFieldValue('incomingStartTls') as boolean));
    form.setFieldsValue({
      incomingProtocol: nextProtocol,
      incomingSsl: ssl,
      incomingStartTls: startTls,
      incomingPort: nextPort(
        'incoming',
        form.getFieldValue('incomingPort') as number | null,
        incomingPort(nextProtocol, { ssl, startTls }),
      ),
    });
  };

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('settings.mail.fields.name')} required rules={[schemaRule(fields.name)]}>
            <Input maxLength={100} autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="displayName"
            label={t('settings.mail.fields.displayName')}
            rules={[schemaRule(fields.displayName)]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="address"
            label={t('settings.mail.fields.address')}
            required
            rules={[schemaRule(fields.address)]}
          >
            <Input maxLength={254} className="account-address" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="account"
            label={t('settings.mail.fields.account')}
            required
            rules={[schemaRule(fields.account)]}
          >
            <Input maxLength={254} autoComplete="off" className="account-login" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="password"
            label={t('settings.mail.fields.password')}
            required={creating}
            extra={!creating && hasPassword ? t('settings.mail.passwordKeep') : undefined}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  if (creating && !value) throw new Error(translateServerMessage(emailMessages.passwordRequired));
                },
              },
            ]}
          >
            <Input.Password
              autoComplete="new-password"
              className="account-password"
              placeholder={!creating ? t('settings.mail.passwordPlaceholder') : undefined}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="status" label={t('settings.mail.fields.status')}>
            <Select
              options={[
                { value: 'Active', label: t('settings.mail.active') },
                { value: 'Inactive', label: t('settings.mail.inactive') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="isDefault" label={t('settings.mail.fields.isDefault')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('settings.mail.smtp')}</Divider>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="smtpHost"
            label={t('settings.mail.fields.host')}
            required
            rules={[schemaRule(fields.smtpHost)]}
          >
            <Input maxLength={253} className="account-smtp-host" />
          </Form.Item>
        </Col>
        <Col xs={8} sm={4}>
          <Form.Item
            name="smtpPort"
            label={t('settings.mail.fields.port')}
            required
            rules={[schemaRule(fields.smtpPort.unwrap())]}
          >
            <InputNumber min={1} max={65535} precision={0} className="account-smtp-port" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={8} sm={4}>
          <Form.Item name="smtpSsl" label={t('settings.mail.fields.ssl')} valuePropName="checked">
            <Switch className="account-smtp-ssl" onChange={(ssl) => smtpChanged({ ssl })} />
          </Form.Item>
        </Col>
        <Col xs={8} sm={4}>
          <Form.Item name="smtpStartTls" label={t('settings.mail.fields.startTls')} valuePropName="checked">
            <Switch className="account-smtp-starttls" onChange={(startTls) => smtpChanged({ startTls })} />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('settings.mail.incoming')}</Divider>
      <Row gutter={16}>
        <Col xs={24} sm={6}>
          <Form.Item name="incomingProtocol" label={t('settings.mail.fields.protocol')}>
            <Select
              className="account-protocol"
              options={incomingProtocols.map((p) => ({ value: p, label: p }))}
              onChange={(next: IncomingProtocol) => incomingChanged({ protocol: next })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item
            name="incomingHost"
            label={t('settings.mail.fields.host')}
            rules={[schemaRule(fields.incomingHost)]}
          >
            <Input maxLength={253} className="account-incoming-host" />
          </Form.Item>
        </Col>
        <Col xs={8} sm={4}>
          <Form.Item name="incomingPort" label={t('settings.mail.fields.port')}>
            <InputNumber
              min={1}
              max={65535}
              precision={0}
              className="account-incoming-port"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={8} sm={3}>
          <Form.Item name="incomingSsl" label={t('settings.mail.fields.ssl')} valuePropName="checked">
            <Switch className="account-incoming-ssl" onChange={(ssl) => incomingChanged({ ssl })} />
          </Form.Item>
        </Col>
        <Col xs={8} sm={3}>
          <Form.Item name="incomingStartTls" label={t('settings.mail.fields.startTlsShort')} valuePropName="checked">
            <Switch className="account-incoming-starttls" onChange={(startTls) => incomingChanged({ startTls })} />
          </Form.Item>
        </Col>
        {protocol === 'IMAP' && (
          <Col xs={24} sm={8}>
            <Form.Item
              name="incomingFolder"
              label={t('settings.mail.fields.folder')}
              rules={[schemaRule(fields.incomingFolder.unwrap())]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        )}
        <Col xs={12} sm={8}>
          <Form.Item name="fetchEnabled" label={t('settings.mail.fields.fetchEnabled')} valuePropName="checked">
            <Switch className="account-fetch-enabled" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item
            name="fetchIntervalSeconds"
            label={t('settings.mail.fields.fetchInterval')}
            rules={[schemaRule(fields.fetchIntervalSeconds.unwrap())]}
          >
            <InputNumber
              min={10}
              max={86400}
              precision={0}
              suffix={t('settings.mail.seconds')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('settings.mail.newTickets')}</Divider>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="defaultProjectId" label={t('settings.mail.fields.defaultProject')}>
            <RemoteSelect
              queryKey={['Project', 'options']}
              search={searchProjects}
              onChange={() => form.setFieldValue('defaultCategoryId', null)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="defaultCategoryId" label={t('settings.mail.fields.defaultCategory')}>
            <RemoteSelect
              queryKey={['Category', 'options', projectId ?? null]}
              search={(keyword) => searchCategories(keyword, projectId)}
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
