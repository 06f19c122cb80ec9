import { Empty, Flex, Progress, Typography } from 'antd';
import { Link } from 'react-router';
import { formatNumber } from '../../../platform/format';

export type CountRow = { key: string; label: string; count: number; to?: string; color: string };

/** A compact bar list: label, bar relative to the largest, and the count as a link to the filtered list. */
export function CountList({ rows, empty }: { rows: CountRow[]; empty: string }) {
  const max = Math.max(0, ...rows.map((r) => r.count));
  if (max === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <Flex vertical gap={10}>
      {rows.map((row) => (
        <Flex key={row.key} align="center" gap={12} className="dashboard-count-row">
          <Typography.Text ellipsis={{ tooltip: row.label }} style={{ width: 110, flex: 'none' }}>
            {row.label}
          </Typography.Text>
          <Progress
            percent={max ? (row.count / max) * 100 : 0}
            showInfo={false}
            strokeColor={row.color}
            size="small"
            style={{ flex: 1, margin: 0 }}
          />
          <span style={{ width: 64, textAlign: 'right', flex: 'none', fontVariantNumeric: 'tabular-nums' }}>
            {row.to ? (
              <Link to={row.to} className="dashboard-number" data-key={row.key}>
                {formatNumber(row.count)}
              </Link>
            ) : (
              formatNumber(row.count)
            )}
          </span>
        </Flex>
      ))}
    </Flex>
  );
}
