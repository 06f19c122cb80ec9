import { useMemo, useState } from 'react';
import { CloseCircleOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Popover, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuIcon, menuIconNames } from '../../../platform/menu-icons';

type Props = { value?: string; onChange?: (value: string) => void };

/** A grid of the icons the side menu can render, filtered by a search box. */
export function IconPicker({ value = '', onChange }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const wanted = search.trim().toLowerCase();
    return menuIconNames.filter((name) => name.toLowerCase().includes(wanted));
  }, [search]);

  const grid = (
    <div className="icon-picker" style={{ width: 360 }}>
      <Input.Search
        allowClear
        autoFocus
        placeholder={t('system.menu.iconSearch')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system.common.noMatch')} />
      ) : (
        <div
          className="icon-picker-grid"
          style={{ display: 'grid', gridTemplateColumns: 'repeat(8, 1fr)', gap: 4, maxHeight: 240, overflowY: 'auto' }}
        >
          {shown.map((name) => (
            <Tooltip key={name} title={name.replace(/Outlined$/, '')}>
              <Button
                type={name === value ? 'primary' : 'text'}
                aria-label={name}
                data-icon={name}
                icon={<MenuIcon name={name} />}
                onClick={() => {
                  onChange?.(name);
                  setOpen(false);
                }}
              />
            </Tooltip>
          ))}
        </div>
      )}
    </div>
  );

  return (
    <Space>
      <Popover open={open} onOpenChange={setOpen} trigger="click" content={grid} placement="bottomLeft">
        <Button className="icon-picker-button" icon={value ? <MenuIcon name={value} /> : undefined}>
          {value ? value.replace(/Outlined$/, '') : t('system.menu.chooseIcon')}
        </Button>
      </Popover>
      {value && (
        <Button
          type="text"
          icon={<CloseCircleOutlined />}
          aria-label={t('system.menu.clearIcon')}
          onClick={() => onChange?.('')}
        />
      )}
      {value && !menuIconNames.includes(value) && (
        <Typography.Text type="warning">{t('system.menu.unknownIcon')}</Typography.Text>
      )}
    </Space>
  );
}
