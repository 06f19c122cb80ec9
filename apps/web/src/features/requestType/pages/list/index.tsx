import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RequestType } from '@casedesk/shared';
import { ListPage } from '../../../../platform/crud/ListPage';
import { StatusTag } from '../../../../platform/crud/StatusTag';
import { labelLanguage } from '../../../../platform/custom-field-language';
import { useSeededName } from '../../../../platform/labels/labels';
import { requestTypeApi } from '../../api';
import { RequestTypeEditor } from '../../components/RequestTypeEditor';
import { RequestTypeIconView } from '../../components/request-type-icons';

type Row = RequestType & { actions?: string[] };

/** The request catalog's items (contract 21): an administrator's list, each edited beside a preview of its form. */
export default function RequestTypeListPage() {
  const { t, i18n } = useTranslation();
  const language = labelLanguage(i18n.language);
  const seeded = useSeededName();
  return (
    <ListPage<Row>
      kind="master"
      api={requestTypeApi}
      module="requestType"
      title={t('requestType.title')}
      searchPlaceholder={t('requestType.search')}
      statusField="status"
      exportName="request-types.xlsx"
      nameOf={(r) => r.name[language]}
      rowAllows={(r, action) => (r.actions ?? [action]).includes(action)}
      columns={[
        { key: 'sort', dataIndex: 'sort', title: t('requestType.fields.sort'), sorter: true, width: 100 },
        {
          key: 'name',
          title: t('requestType.fields.name'),
          render: (_, r) => (
            <Space>
              <RequestTypeIconView icon={r.icon} />
              {r.name[language]}
            </Space>
          ),
        },
        { key: 'category', title: t('requestType.fields.category'), render: (_, r) => r.categoryName ?? '—' },
        {
          key: 'projects',
          title: t('requestType.fields.projects'),
          render: (_, r) =>
            r.projectIds.length === 0
              ? t('requestType.allProjects')
              : (r.projects ?? []).map((p) => <Tag key={p.id}>{p.name}</Tag>),
        },
        {
          key: 'fields',
          title: t('requestType.fields.fields'),
          width: 110,
          render: (_, r) => t('requestType.fieldCount', { count: r.fields.length }),
        },
        {
          key: 'workflow',
          title: t('requestType.fields.workflow'),
          render: (_, r) =>
            r.workflowCode
              ? seeded('workflow', r.workflowCode, r.workflowName ?? r.workflowCode)
              : t('requestType.noApproval'),
        },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('requestType.fields.status'),
          width: 110,
          render: (s: string) => <StatusTag active={s === 'Active'} />,
        },
      ]}
      editor={({ id, onClose }) => <RequestTypeEditor id={id} onClose={onClose} />}
    />
  );
}
