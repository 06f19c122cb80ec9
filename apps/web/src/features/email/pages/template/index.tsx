import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailEvents, seededTemplateCode, templateLanguages } from '@casedesk/shared';
import { ListPage } from '../../../../platform/crud/ListPage';
import { StatusTag } from '../../../../platform/crud/StatusTag';
import { formatDateTime } from '../../../../platform/format';
import { useSeededName } from '../../../../platform/labels/labels';
import { emailTemplateApi, type EmailTemplateRecord } from '../../api';
import { EmailTemplateEditor } from '../../components/EmailTemplateEditor';

/** E-mail templates (spec: email template): per event and language, with the editor's variables and live preview. */
export default function EmailTemplatePage() {
  const { t } = useTranslation();
  const seededName = useSeededName();
  // A seeded template is named in the reader's language while it keeps its seeded name.
  const nameOf = (tpl: EmailTemplateRecord) =>
    seededName('emailTemplate', tpl.event ? seededTemplateCode(tpl.event, tpl.language) : null, tpl.name);
  return (
    <ListPage<EmailTemplateRecord>
      kind="email-template"
      api={emailTemplateApi}
      module="emailTemplate"
      title={t('email.template.title')}
      searchPlaceholder={t('email.template.search')}
      exportName="email-templates.xlsx"
      nameOf={nameOf}
      statusField="status"
      filters={({ query, setFilter }) => (
        <>
          <Select
            allowClear
            className="template-event-filter"
            placeholder={t('email.template.allEvents')}
            value={(query.event as string | undefined) ?? null}
            onChange={(value) => setFilter('event', value)}
            options={emailEvents.map((e) => ({ value: e, label: t(`email.event.${e}`) }))}
            style={{ width: 190 }}
          />
          <Select
            allowClear
            className="template-language-filter"
            placeholder={t('email.template.allLanguages')}
            value={(query.language as string | undefined) ?? null}
            onChange={(value) => setFilter('language', value)}
            options={templateLanguages.map((l) => ({ value: l, label: t(`values.language.${l}`) }))}
            style={{ width: 140 }}
          />
        </>
      )}
      columns={[
        {
          key: 'name',
          dataIndex: 'name',
          title: t('email.template.fields.name'),
          sorter: true,
          render: (_: string, tpl: EmailTemplateRecord) => nameOf(tpl),
        },
        {
          key: 'event',
          dataIndex: 'event',
          title: t('email.template.fields.event'),
          render: (event: EmailTemplateRecord['event']) => (event ? t(`email.event.${event}`) : '—'),
        },
        {
          key: 'language',
          dataIndex: 'language',
          title: t('email.template.fields.language'),
          render: (language: EmailTemplateRecord['language']) => <Tag>{t(`values.language.${language}`)}</Tag>,
        },
        { key: 'subject', dataIndex: 'subject', title: t('email.template.fields.subject'), ellipsis: true },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('email.template.fields.status'),
          render: (status: EmailTemplateRecord['status']) => <StatusTag active={status === 'Active'} />,
        },
        {
          key: 'modifiedAt',
          dataIndex: 'modifiedAt',
          title: t('email.template.fields.modifiedAt'),
          sorter: true,
          render: (value: string | null) => formatDateTime(value),
        },
      ]}
      editor={({ id, onClose }) => <EmailTemplateEditor id={id} onClose={onClose} />}
    />
  );
}
