import type { ReactNode } from 'react';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** A row's action as a small icon button: its label is the tooltip and, for screen readers, the name. */
export function RowIconButton({
  label,
  icon,
  onClick,
  className,
  danger,
  confirm,
  type = 'text',
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  className?: string;
  danger?: boolean;
  /** Asks this question first. */
  confirm?: string;
  type?: 'text' | 'link';
}) {
  const { t } = useTranslation();
  const button = (
    <Button
      type={type}
      size="small"
      danger={danger}
      icon={icon}
      aria-label={label}
      className={className}
      onClick={confirm ? undefined : onClick}
    />
  );
  return (
    <Tooltip title={label}>
      {confirm ? (
        <Popconfirm
          title={confirm}
          okText={t('common.ok')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger }}
          onConfirm={onClick}
        >
          {button}
        </Popconfirm>
      ) : (
        button
      )}
    </Tooltip>
  );
}
