import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';

/** A row's action as a small icon button: its label is the tooltip and, for screen readers, the name. */
export function RowIconButton({
  label,
  icon,
  onClick,
  className,
  danger,
  type = 'text',
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  className?: string;
  danger?: boolean;
  type?: 'text' | 'link';
}) {
  return (
    <Tooltip title={label}>
      <Button
        type={type}
        size="small"
        danger={danger}
        icon={icon}
        aria-label={label}
        className={className}
        onClick={onClick}
      />
    </Tooltip>
  );
}
