import { useState } from 'react';
import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../../platform/config';

const storageKey = `${appConfig.storagePrefix}ticketListColumns`;

/** The list columns the user chose to hide, remembered in this browser. */
export function useHiddenColumns(defaults: readonly string[]) {
  const [hidden, setHidden] = useState<string[]>(() => {
    try {
      const stored: unknown = JSON.parse(window.localStorage.getItem(storageKey) ?? 'null');
      return Array.isArray(stored) ? stored.filter((v): v is string => typeof v === 'string') : [...defaults];
    } catch {
      return [...defaults];
    }
  });
  const update = (next: string[]) => {
    setHidden(next);
    try {
      window.localStorage.setItem(storageKey, JSON.stringify(next));
    } catch {
      // storage blocked: the choice lasts for this page view
    }
  };
  return [hidden, update] as const;
}

export function ColumnChooser({
  columns,
  hidden,
  onChange,
}: {
  columns: { key: string; title: string }[];
  hidden: string[];
  onChange: (hidden: string[]) => void;
}) {
  const { t } = useTranslation();
  const shown = columns.map((c) => c.key).filter((k) => !hidden.includes(k));
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('ticket.list.columns')}
      content={
        <Checkbox.Group
          value={shown}
          onChange={(values) => onChange(columns.map((c) => c.key).filter((k) => !values.includes(k)))}
        >
          <Space orientation="vertical" size={4} className="ticket-column-chooser">
            {columns.map((c) => (
              <Checkbox key={c.key} value={c.key}>
                {c.title}
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      }
    >
      <Button icon={<SettingOutlined />} aria-label={t('ticket.list.columns')}>
        {t('ticket.list.columns')}
      </Button>
    </Popover>
  );
}
