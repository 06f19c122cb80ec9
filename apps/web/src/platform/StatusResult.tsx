import type { ReactNode } from 'react';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  FileSearchOutlined,
  LockOutlined,
  WarningFilled,
} from '@ant-design/icons';
// The hook antd's own components use: the public theme.useToken does not tell the theme's class.
import { useToken } from 'antd/es/theme/internal';

export type ResultStatus = 'success' | 'error' | 'info' | 'warning' | '404' | '403' | '500';

/** Each status as an icon and the colour class antd/dist/antd.css gives it; "not found" in a quiet grey. */
const looks: Record<ResultStatus, { icon: ReactNode; tone: string }> = {
  success: { icon: <CheckCircleFilled />, tone: 'success' },
  error: { icon: <CloseCircleFilled />, tone: 'error' },
  info: { icon: <ExclamationCircleFilled />, tone: 'info' },
  warning: { icon: <WarningFilled />, tone: 'warning' },
  '404': { icon: <FileSearchOutlined />, tone: 'not-found' },
  '403': { icon: <LockOutlined />, tone: 'warning' },
  '500': { icon: <CloseCircleFilled />, tone: 'error' },
};

/**
 * antd's Result in its own markup and antd's static styles, with an icon for every status: antd's component brings
 * its three large status illustrations into the script of every screen that shows any result (issue 35).
 */
export function StatusResult({
  status = 'info',
  icon,
  title,
  subTitle,
  extra,
  className,
}: {
  status?: ResultStatus;
  icon?: ReactNode;
  title?: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  className?: string;
}) {
  const look = looks[status];
  // antd's design tokens are CSS variables under the theme's class, which each antd component puts on its root.
  const [, , , , cssVar] = useToken();
  return (
    <div
      className={['ant-result', 'status-result', `ant-result-${look.tone}`, cssVar?.key, className]
        .filter(Boolean)
        .join(' ')}
    >
      <div className="ant-result-icon">{icon ?? look.icon}</div>
      {title !== undefined && <div className="ant-result-title">{title}</div>}
      {subTitle !== undefined && <div className="ant-result-subtitle">{subTitle}</div>}
      {extra !== undefined && <div className="ant-result-extra">{extra}</div>}
    </div>
  );
}
