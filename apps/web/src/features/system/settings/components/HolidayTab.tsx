import { useState } from 'react';
import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Popconfirm, Space, Table, Typography } from 'antd';
import { DatePicker } from '../../../../platform/forms/DatePicker';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Holiday, Settings, holidayCreateSchema } from '@casedesk/shared';
import type { FormValuesOf } from '../../../../platform/crud/values';
import { feedback } from '../../../../platform/feedback';
import { requiredRule } from '../../../../platform/form-rules';
import { ApiError } from '../../../../platform/http/client';
import { downloadExport } from '../../../../platform/http/file-transfer';
import { Auth } from '../../../../platform/permission';
import { translateServerMessage } from '../../../../platform/server-messages';
import { useAddHoliday, useDeleteHoliday } from '../api';
import { HolidayReminderForm } from './HolidayReminderForm';
import { formatDate, formatWeekday } from '../../../../platform/format';

// The day is a date picker's value; submit sends it as an ISO date.
type Values = FormValuesOf<typeof holidayCreateSchema, { day: Dayjs }>;

/** The holiday calendar: days the service desk is closed. */
export function HolidayTab({ settings, reload }: { settings: Settings; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const add = useAddHoliday();
  const remove = useDeleteHoliday();
  const taken = new Set(settings.holidays.map((h) => h.day));
  const [exporting, setExporting] = useState(false);

  const runExport = async () => {
    setExporting(true);
    try {
      await downloadExport('/api/Holiday/Export', {}, 'holidays.xlsx');
    } catch (error) {
      feedback.error(error instanceof ApiError ? translateServerMessage(error) : t('settings.holiday.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const submit = (values: Values) =>
    add.mutate(
      { day: values.day.format('YYYY-MM-DD'), name: values.name.trim() },
      {
        onSuccess: () => {
          form.resetFields();
          feedback.success(t('settings.holiday.added'));
        },
        onError: (error) => {
          if (error instanceof ApiError)
            feedback.error(error.status === 409 ? t('settings.holiday.exists') : translateServerMessage(error));
        },
      },
    );

  return (
    <div className="settings-holiday">
      <Flex className="settings-holiday-head" justify="space-between" align="start" gap={16}>
        <Typography.Paragraph type="secondary">{t('settings.holiday.intro')}</Typography.Paragraph>
        <Auth value="settings:export">
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()}>
            {t('settings.holiday.export')}
          </Button>
        </Auth>
      </Flex>
      <Auth value="settings:create">
        <Form<Values> form={form} layout="inline" onFinish={submit} style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item name="day" rules={[requiredRule(t('settings.holiday.day'))]}>
            <DatePicker
              placeholder={t('settings.holiday.day')}
              disabledDate={(d) => taken.has(d.format('YYYY-MM-DD'))}
            />
          </Form.Item>
          <Form.Item name="name" rules={[requiredRule(t('settings.holiday.name'), { whitespace: true })]}>
            <Input placeholder={t('settings.holiday.name')} maxLength={100} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
              {t('settings.holiday.add')}
            </Button>
          </Form.Item>
        </Form>
      </Auth>
      <Table<Holiday>
        rowKey="id"
        size="middle"
        dataSource={settings.holidays}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('settings.holiday.empty') }}
        columns={[
          {
            key: 'day',
            title: t('settings.holiday.day'),
            width: 160,
            render: (_, h) => formatDate(h.day),
          },
          {
            key: 'weekday',
            title: t('settings.holiday.weekday'),
            width: 140,
            render: (_, h) => formatWeekday(h.day),
          },
          { key: 'name', dataIndex: 'name', title: t('settings.holiday.name') },
          {
            key: 'actions',
            title: t('settings.tokens.actions'),
            width: 110,
            render: (_, h) => (
              <Auth value="settings:delete">
                <Popconfirm
                  title={t('settings.holiday.deleteConfirm', { name: h.name })}
                  okText={t('settings.holiday.delete')}
                  cancelText={t('settings.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync(h.id)}
                >
                  <Space>
                    <Button type="link" danger size="small" icon={<DeleteOutlined />}>
                      {t('settings.holiday.delete')}
                    </Button>
                  </Space>
                </Popconfirm>
              </Auth>
            ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('settings.holidayReminder.title')}
      </Typography.Title>
      <HolidayReminderForm settings={settings} reload={reload} />
    </div>
  );
}
