import type { ReactNode } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A list's title on the left, its search, filters and buttons on the right (wrapping on a narrow screen). */
export function ListHeader({ title, children, gap = 16 }: { title: ReactNode; children: ReactNode; gap?: number }) {
  return (
    <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: gap }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Space wrap>{children}</Space>
    </Flex>
  );
}

/** The round-arrow button beside a list's filters: back to the first query (or, with its own label, a refresh). */
export function ResetButton({ onClick, label }: { onClick: () => void; label?: string }) {
  const { t } = useTranslation();
  const text = label ?? t('crud.list.reset');
  return (
    <Tooltip title={text}>
      <Button icon={<ReloadOutlined />} aria-label={text} onClick={onClick} />
    </Tooltip>
  );
}
