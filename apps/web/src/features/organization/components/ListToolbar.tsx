import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { DownloadOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space, Tooltip } from 'antd';
import type { ActiveStatus } from '@casedesk/shared';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../../platform/permission';
import { downloadExport } from './download';

type Props = {
  keyword: string;
  onKeyword: (value: string) => void;
  onReset: () => void;
  onRefresh: () => void;
  /** Filters beside the keyword box. */
  filters?: ReactNode;
  /** The New button: the permission it needs and what it opens. */
  create?: { permission: string; onClick: () => void };
  /** Export: the call, its body, the file name and the permission it needs. */
  exportCall?: { path: string; body: unknown; fileName: string; permission: string };
};

/** The search row of a list screen: keyword, filters, search/reset, and on the right New/Export/refresh. */
export function ListToolbar({ keyword, onKeyword, onReset, onRefresh, filters, create, exportCall }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(keyword);
  const [exporting, setExporting] = useState(false);
  useEffect(() => setText(keyword), [keyword]);

  return (
    <div className="org-toolbar">
      <Space wrap size={[8, 8]} className="org-toolbar-search">
        <Input
          allowClear
          className="org-keyword"
          placeholder={t('organization.common.keyword')}
          prefix={<SearchOutlined />}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (!event.target.value) onKeyword('');
          }}
          onPressEnter={() => onKeyword(text)}
          aria-label={t('organization.common.keyword')}
        />
        {filters}
        <Button type="primary" icon={<SearchOutlined />} onClick={() => onKeyword(text)}>
          {t('organization.common.search')}
        </Button>
        <Button onClick={onReset}>{t('organization.common.reset')}</Button>
      </Space>
      <Space wrap size={[8, 8]} className="org-toolbar-actions">
        {create && (
          <Auth value={create.permission}>
            <Button type="primary" className="org-new" icon={<PlusOutlined />} onClick={create.onClick}>
              {t('organization.common.new')}
            </Button>
          </Auth>
        )}
        {exportCall && (
          <Auth value={exportCall.permission}>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => {
                setExporting(true);
                void downloadExport(exportCall.path, exportCall.body, exportCall.fileName).finally(() =>
                  setExporting(false),
                );
              }}
            >
              {t('organization.common.export')}
            </Button>
          </Auth>
        )}
        <Tooltip title={t('organization.common.refresh')}>
          <Button icon={<ReloadOutlined />} onClick={onRefresh} aria-label={t('organization.common.refresh')} />
        </Tooltip>
      </Space>
    </div>
  );
}

/** The Active/Inactive filter of a list. */
export function StatusFilter({
  value,
  onChange,
  placeholder,
}: {
  value: ActiveStatus | undefined;
  onChange: (value: ActiveStatus | undefined) => void;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  return (
    <Select<ActiveStatus>
      className="org-filter"
      allowClear
      placeholder={placeholder ?? t('organization.common.status.label')}
      value={value}
      onChange={onChange}
      options={(['Active', 'Inactive'] as const).map((option) => ({
        value: option,
        label: t(`organization.common.status.${option}`),
      }))}
    />
  );
}
