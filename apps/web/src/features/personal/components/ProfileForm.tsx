import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountProfileUpdateSchema, type AccountProfile } from '@casedesk/shared';
import { feedback } from '../../../platform/feedback';
import { useFormFill } from '../../../platform/form-fill';
import { schemaRule } from '../../../platform/form-rules';
import { useSaveFailure } from '../../../platform/crud/failure';
import { useUpdateProfile } from '../api';

type Values = Pick<AccountProfile, 'realName' | 'lastName' | 'mobile' | 'jobTitle' | 'location' | 'sex'>;
const fields = accountProfileUpdateSchema.shape;

export function ProfileForm({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const saveFailure = useSaveFailure();
  const update = useUpdateProfile();
  useFormFill(form, profile, (p) => p);

  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 520 }}
      onFinish={(values) =>
        update.mutate(
          { ...values, realName: values.realName ?? '', rowVersion: profile.rowVersion },
          {
            onSuccess: () => feedback.success(t('server.operationSuccessful')),
            onError: (error) => saveFailure(error, form, null),
          },
        )
      }
    >
      <Form.Item name="realName" label={t('personal.firstName')} rules={[schemaRule(fields.realName)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="lastName" label={t('personal.lastName')} rules={[schemaRule(fields.lastName)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="mobile" label={t('personal.mobile')} rules={[schemaRule(fields.mobile)]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="jobTitle" label={t('personal.jobTitle')} rules={[schemaRule(fields.jobTitle)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="location" label={t('personal.location')} rules={[schemaRule(fields.location)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="sex" label={t('personal.sex')}>
        <Select
          options={(['secret', 'male', 'female'] as const).map((value) => ({
            value,
            label: t(`personal.sexes.${value}`),
          }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
