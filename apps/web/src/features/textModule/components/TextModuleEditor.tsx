import { Alert, Col, Form, Input, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { textModuleCreateSchema, textModuleLanguages, agentTextVariables, type TextModule } from '@casedesk/shared';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import type { FormValuesOf } from '../../../platform/crud/values';
import { schemaRule } from '../../../platform/form-rules';
import { useValueLabel } from '../../../platform/labels/labels';
import { usePermissions } from '../../../platform/permission';
import { SharedWithGroupsFields } from '../../../platform/pickers/SharedWithGroupsFields';
import { RichTextEditor } from '../../../platform/rich-text/RichTextEditor';
import { textModuleApi } from '../api';
import './text-module.css';

type Values = FormValuesOf<typeof textModuleCreateSchema>;
const fields = textModuleCreateSchema.shape;

const toForm = (reply: TextModule): Values => ({
  name: reply.name,
  keywords: reply.keywords,
  body: reply.body,
  language: reply.language,
  shared: reply.shared,
  groupIds: reply.groupIds,
});
// A private reply has no groups (the server refuses groups without Shared).
const toBody = (v: Values) => ({ ...v, keywords: v.keywords ?? '', groupIds: v.shared ? (v.groupIds ?? []) : [] });

/** Create or edit a canned reply: its words (rich text with variables), language and who shares it. */
export function TextModuleEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = (textModuleLanguages as readonly string[]).includes(i18n.language) ? i18n.language : 'all';
  return (
    <EditorDrawer<TextModule, Values>
      api={textModuleApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('textModule.create') : t('textModule.edit')}
      width={980}
      defaults={{ language: language as Values['language'], shared: false, groupIds: [], keywords: '', body: '' }}
      toForm={toForm}
      toBody={toBody}
    >
      {() => <ReplyFields />}
    </EditorDrawer>
  );
}

function ReplyFields() {
  const { t, i18n } = useTranslation();
  const valueLabel = useValueLabel();
  const { has } = usePermissions();
  const manages = has('textModule:manage');
  const describe = (texts: Record<string, string>) => texts[i18n.language] ?? texts.en;
  return (
    <Row gutter={24}>
      <Col xs={24} lg={16}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('textModule.fields.name')} required rules={[schemaRule(fields.name)]}>
              <Input maxLength={100} autoFocus />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="language" label={t('textModule.fields.language')}>
              <Select
                className="text-module-language"
                options={textModuleLanguages.map((l) => ({ value: l, label: valueLabel('textModuleLanguage', l) }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="keywords"
          label={t('textModule.fields.keywords')}
          extra={t('textModule.keywordsHelp')}
          rules={[schemaRule(fields.keywords)]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="body" label={t('textModule.fields.body')} required rules={[schemaRule(fields.body)]}>
          <RichTextEditor aria-label={t('textModule.fields.body')} />
        </Form.Item>
        <SharedWithGroupsFields
          sideBySide
          mayShare={manages}
          words={{
            shared: t('textModule.fields.shared'),
            sharedNotAllowed: t('textModule.shareNeedsManage'),
            groupIds: t('textModule.fields.groupIds'),
            groupsHelp: t('textModule.groupsHelp'),
            groupsPlaceholder: t('textModule.everyone'),
          }}
        />
      </Col>
      <Col xs={24} lg={8}>
        <Typography.Text strong>{t('textModule.variables')}</Typography.Text>
        <Alert type="info" showIcon={false} title={t('textModule.variablesHint')} style={{ margin: '6px 0 8px' }} />
        {/* A plain list: antd's List is deprecated in v6. */}
        <div className="text-module-variables">
          {agentTextVariables.map((variable) => (
            <div key={variable.name} className="text-module-variable">
              <Typography.Text code copyable={{ text: `{{ ${variable.name} }}` }}>
                {`{{ ${variable.name} }}`}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {describe(variable.description)}
              </Typography.Text>
            </div>
          ))}
        </div>
      </Col>
    </Row>
  );
}
