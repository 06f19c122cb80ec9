import { App, Button, Dropdown, Popconfirm, Space } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export type RowAction = {
  key: string;
  label: string;
  onClick: () => void;
  /** Asks this question first. */
  confirm?: string;
  danger?: boolean;
};

/** The actions of a table row: the first `inline` as links, the rest in a "more" menu (confirmed ones ask first). */
export function RowActions({ actions, inline = 2 }: { actions: RowAction[]; inline?: number }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const shown = actions.slice(0, inline);
  const more = actions.slice(inline);

  const link = (action: RowAction) => {
    const button = (
      <Button type="link" size="small" danger={action.danger} onClick={action.confirm ? undefined : action.onClick}>
        {action.label}
      </Button>
    );
    return action.confirm ? (
      <Popconfirm
        key={action.key}
        title={action.confirm}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        onConfirm={action.onClick}
      >
        {button}
      </Popconfirm>
    ) : (
      <span key={action.key}>{button}</span>
    );
  };

  return (
    <Space size={0} className="org-actions">
      {shown.map(link)}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((action) => ({ key: action.key, label: action.label, danger: action.danger })),
            onClick: ({ key }) => {
              const action = more.find((a) => a.key === key);
              if (!action) return;
              if (!action.confirm) return action.onClick();
              modal.confirm({
                title: action.confirm,
                okText: t('common.ok'),
                cancelText: t('common.cancel'),
                okButtonProps: { danger: action.danger },
                onOk: action.onClick,
              });
            },
          }}
        >
          <Button type="link" size="small" icon={<MoreOutlined />} aria-label={t('organization.common.more')} />
        </Dropdown>
      )}
    </Space>
  );
}
