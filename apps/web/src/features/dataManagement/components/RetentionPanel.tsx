import { App, Button, Card, Divider, Form, Input, InputNumber, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataRetentionSchema, type DataRetention, type TicketArchive } from '@casedesk/shared';
import { useSaveFailure, useServerText } from '../../../platform/crud/failure';
import { schemaRule } from '../../../platform/form-rules';
import { ApiError } from '../../../platform/http/client';
import { usePermissions } from '../../../platform/permission';
import { findArchivedTicket, useRetention, useSaveRetention } from '../api';
import { ArchivedTicketDrawer } from './ArchivedTicketDrawer';

type Values = Pick<DataRetention, 'logDaysToKeep' | 'archiveClosedAfterMonths'>;

/** Keep logs N days (Settings → Logs, the same value), archive closed tickets after N months, find an archived one. */
export function RetentionPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const text = useServerText();
  const { has } = usePermissions();
  const { data, isPending, refetch } = useRetention();
  const save = useSaveRetention();
  const showFailure = useSaveFailure();
  const [form] = Form.useForm<Values>();
  const [caseNumber, setCaseNumber] = useState('');
  const [searching, setSearching] = useState(false);
  const [archived, setArchived] = useState<TicketArchive | null>(null);
  const editable = has('dataManagement:edit');

  useEffect(() => {
    if (data)
      form.setFieldsValue({
        logDaysToKeep: data.logDaysToKeep,
        archiveClosedAfterMonths: data.archiveClosedAfterMonths,
      });
  }, [data, form]);

  const submit = (values: Values) => {
    if (!data) return;
    save.mutate(
      { ...values, logRowVersion: data.logRowVersion, rowVersion: data.rowVersion },
      {
        onSuccess: () => void message.success(t('dataManagement.retention.saved')),
        onError: (error) => showFailure(error, form, () => void refetch()),
      },
    );
  };

  const search = async () => {
    if (!caseNumber.trim()) return;
    setSearching(true);
    try {
      setArchived(await findArchivedTicket(caseNumber));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        void message.info(t('dataManagement.archive.notFound', { caseNumber: caseNumber.trim() }));
      else if (error instanceof ApiError && error.status !== 403) void message.error(text(error));
    } finally {
      setSearching(false);
    }
  };

  return (
    <Card title={t('dataManagement.retention.title')} className="data-retention">
      {isPending ? (
        <Skeleton active />
      ) : (
        <Form<Values> form={form} layout="vertical" onFinish={submit} disabled={!editable}>
          <Form.Item
            name="logDaysToKeep"
            validateFirst
            label={t('dataManagement.retention.logDaysToKeep')}
            extra={t('dataManagement.retention.logDaysToKeepHelp')}
            rules={[
              { required: true, message: t('dataManagement.retention.required') },
              schemaRule(dataRetentionSchema.shape.logDaysToKeep),
            ]}
          >
            <InputNumber min={1} max={3650} precision={0} addonAfter={t('dataManagement.retention.days')} />
          </Form.Item>
          <Form.Item
            name="archiveClosedAfterMonths"
            validateFirst
            label={t('dataManagement.retention.archiveClosedAfterMonths')}
            extra={t('dataManagement.retention.archiveClosedAfterMonthsHelp')}
            rules={[
              { required: true, message: t('dataManagement.retention.required') },
              schemaRule(dataRetentionSchema.shape.archiveClosedAfterMonths),
            ]}
          >
            <InputNumber min={0} max={600} precision={0} addonAfter={t('dataManagement.retention.months')} />
          </Form.Item>
          {editable && (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('dataManagement.retention.save')}
            </Button>
          )}
        </Form>
      )}
      {has('ticket:view') && (
        <>
          <Divider />
          <Typography.Text strong>{t('dataManagement.archive.title')}</Typography.Text>
          <Typography.Paragraph type="secondary">{t('dataManagement.archive.help')}</Typography.Paragraph>
          <Input.Search
            className="archive-search"
            placeholder={t('dataManagement.archive.caseNumber')}
            aria-label={t('dataManagement.archive.caseNumber')}
            enterButton={t('dataManagement.archive.find')}
            loading={searching}
            value={caseNumber}
            onChange={(e) => setCaseNumber(e.target.value)}
            onSearch={() => void search()}
            style={{ maxWidth: 360 }}
          />
        </>
      )}
      <ArchivedTicketDrawer ticket={archived} onClose={() => setArchived(null)} />
    </Card>
  );
}
