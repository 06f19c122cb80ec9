import { Select, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { textModuleLanguages, type TextModuleListItem } from '@casedesk/shared';
import { ListPage } from '../../../../platform/crud/ListPage';
import { formatDateTime, noValue } from '../../../../platform/format';
import { useValueLabel } from '../../../../platform/labels/labels';
import { textModuleApi } from '../../api';
import { TextModuleEditor } from '../../components/TextModuleEditor';

/** Tickets → Canned replies: the caller's own and the shared ones; `::` in a ticket's editors inserts them. */
export default function TextModuleListPage() {
  const { t } = useTranslation();
  const valueLabel = useValueLabel();
  return (
    <ListPage<TextModuleListItem>
      kind="text-module"
      api={textModuleApi}
      module="textModule"
      title={t('textModule.list.title')}
      searchPlaceholder={t('textModule.list.search')}
      exportName="canned-replies.xlsx"
      nameOf={(reply) => reply.name}
      rowAllows={(reply, action) => reply.actions.includes(action)}
      filters={({ query, setFilter }) => (
        <>
          <Select
            allowClear
            className="text-module-language-filter"
            placeholder={t('textModule.list.allLanguages')}
            value={(query.language as string | undefined) ?? null}
            onChange={(value) => setFilter('language', value)}
            options={textModuleLanguages.map((l) => ({ value: l, label: valueLabel('textModuleLanguage', l) }))}
            style={{ width: 160 }}
          />
          <Select
            allowClear
            className="text-module-shared-filter"
            placeholder={t('textModule.list.allReplies')}
            value={(query.shared as boolean | undefined) ?? null}
            onChange={(value) => setFilter('shared', value)}
            options={[
              { value: true, label: t('textModule.shared') },
              { value: false, label: t('textModule.private') },
            ]}
            style={{ width: 140 }}
          />
        </>
      )}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('textModule.fields.name'), sorter: true },
        {
          key: 'keywords',
          dataIndex: 'keywords',
          title: t('textModule.fields.keywords'),
          ellipsis: true,
          render: (keywords: string) => keywords || noValue,
        },
        {
          key: 'language',
          dataIndex: 'language',
          title: t('textModule.fields.language'),
          sorter: true,
          width: 150,
          render: (language: string) => <Tag>{valueLabel('textModuleLanguage', language)}</Tag>,
        },
        {
          key: 'shared',
          dataIndex: 'shared',
          title: t('textModule.fields.shared'),
          sorter: true,
          width: 200,
          render: (_: boolean, reply: TextModuleListItem) => <SharedWith reply={reply} />,
        },
        {
          key: 'ownerName',
          dataIndex: 'ownerName',
          title: t('textModule.fields.owner'),
          width: 160,
          render: (name: string | null) => name ?? t('textModule.system'),
        },
        {
          key: 'modifiedAt',
          dataIndex: 'modifiedAt',
          title: t('textModule.fields.modifiedAt'),
          sorter: true,
          width: 190,
          render: (at: string) => formatDateTime(at),
        },
      ]}
      editor={({ id, onClose }) => <TextModuleEditor id={id} onClose={onClose} />}
    />
  );
}

/** Private, shared with everyone, or shared with its groups (named). */
function SharedWith({ reply }: { reply: TextModuleListItem }) {
  const { t } = useTranslation();
  if (!reply.shared) return <Tag>{t('textModule.private')}</Tag>;
  if (reply.groupNames.length === 0) return <Tag color="blue">{t('textModule.everyone')}</Tag>;
  const names = reply.groupNames.map((g) => g.name).join(t('values.listSeparator'));
  return (
    <Tooltip title={names}>
      <Space size={4} wrap>
        <Tag color="blue">{t('textModule.groups', { count: reply.groupNames.length })}</Tag>
      </Space>
    </Tooltip>
  );
}
