import { Button, Form, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingGroup, SettingSave, SettingValues, Settings } from '@casedesk/shared';
import { feedback } from '../../../../platform/feedback';
import { useFormFill } from '../../../../platform/form-fill';
import { ApiError } from '../../../../platform/http/client';
import { usePermissions } from '../../../../platform/permission';
import { translateServerMessage } from '../../../../platform/server-messages';
import { useSaveSetting } from '../api';
import { formatDateTime } from '../../../../platform/format';

type Props<G extends SettingGroup> = {
  group: G;
  settings: Settings;
  /** Reloads the settings (after someone else saved in between). */
  reload: () => Promise<unknown>;
  children: ReactNode;
};

/** One settings tab: a form over one group, saved whole with the rowVersion it was read at. */
export function GroupForm<G extends SettingGroup>({ group, settings, reload, children }: Props<G>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingValues[G]>();
  const save = useSaveSetting();
  const canSave = usePermissions().has('settings:save');
  const current = settings[group];

  useFormFill(form, current, (group) => group.value);

  const onFinish = (value: SettingValues[G]) => {
    const body = { group, value, rowVersion: current.rowVersion } as SettingSave;
    save.mutate(body, {
      onSuccess: () => feedback.success(t('settings.saved')),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          feedback.warning(t('settings.stale'));
          void reload();
          return;
        }
        if (error instanceof ApiError && error.fieldErrors.length > 0) {
          form.setFields(
            error.fieldErrors.map((f) => ({
              name: f.field.replace(/^value\./, '').split('.'),
              errors: [translateServerMessage(f)],
            })) as Parameters<typeof form.setFields>[0],
          );
        }
        feedback.error(translateServerMessage(error));
      },
    });
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ flex: '220px' }}
      labelWrap
      // A zero basis keeps long help texts and tag lists beside their label instead of wrapping below it.
      wrapperCol={{ flex: '1 1 0', style: { minWidth: 0 } }}
      className={`settings-form settings-${group}`}
      data-row-version={current.rowVersion}
      style={{ maxWidth: 860 }}
      disabled={!canSave}
      onFinish={onFinish}
    >
      {children}
      <Form.Item label=" " colon={false}>
        <Space size="middle" wrap>
          {canSave && (
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid={`settings-save-${group}`}>
              {t('settings.save')}
            </Button>
          )}
          <Typography.Text type="secondary">
            {current.modifiedAt
              ? t('settings.lastSaved', { time: formatDateTime(current.modifiedAt) })
              : t('settings.neverSaved')}
          </Typography.Text>
        </Space>
      </Form.Item>
    </Form>
  );
}
