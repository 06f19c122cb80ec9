import { useTranslation } from 'react-i18next';
import type { Project } from '@casedesk/shared';
import { ListPage } from '../../../../platform/crud/ListPage';
import { useDictionaryItems } from '../../../../platform/labels/dictionary-labels';
import { StatusTag } from '../../../../platform/crud/StatusTag';
import { projectApi } from '../../api';
import { ProjectEditor } from '../../components/ProjectEditor';
import { formatDate } from '../../../../platform/format';

export default function ProjectListPage() {
  const { t } = useTranslation();
  const businessUnits = useDictionaryItems('businessUnit');
  return (
    <ListPage<Project>
      kind="master"
      api={projectApi}
      module="project"
      title={t('project.title')}
      searchPlaceholder={t('project.search')}
      statusField="projectStatus"
      exportName="projects.xlsx"
      nameOf={(p) => `${p.projectCode} · ${p.projectName}`}
      columns={[
        { key: 'projectCode', dataIndex: 'projectCode', title: t('project.fields.code'), sorter: true, width: 140 },
        { key: 'projectName', dataIndex: 'projectName', title: t('project.fields.name'), sorter: true, width: 220 },
        {
          key: 'projectDescription',
          dataIndex: 'projectDescription',
          title: t('project.fields.description'),
          ellipsis: true,
          width: 240,
          render: (v: string | null) => v || '—',
        },
        {
          key: 'businessUnit',
          dataIndex: 'businessUnit',
          title: t('project.fields.businessUnit'),
          render: businessUnits.label,
        },
        {
          key: 'period',
          title: t('project.fields.period'),
          render: (_: unknown, p: Project) =>
            p.activeAt || p.inActiveAt ? `${formatDate(p.activeAt)} – ${formatDate(p.inActiveAt)}` : '—',
        },
        {
          key: 'projectStatus',
          dataIndex: 'projectStatus',
          title: t('project.fields.status'),
          width: 110,
          render: (s: string) => <StatusTag active={s === 'Active'} />,
        },
      ]}
      editor={({ id, onClose }) => <ProjectEditor id={id} onClose={onClose} />}
    />
  );
}
