import type { ReactNode } from 'react';
import { Card, Flex, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { formatNumber } from '../../../platform/format';

type Props = { icon: ReactNode; title: string; count: number; to: string; hint: string; tone: string; id: string };

/** One headline number; the number links to the list showing those tickets. */
export function StatCard({ icon, title, count, to, hint, tone, id }: Props) {
  const { token } = theme.useToken();
  return (
    <Card variant="borderless" className={`dashboard-stat dashboard-stat-${id}`} style={{ height: '100%' }}>
      <Flex gap={16} align="center">
        <Flex
          align="center"
          justify="center"
          style={{
            width: 48,
            height: 48,
            borderRadius: 12,
            fontSize: 22,
            color: tone,
            background: `color-mix(in srgb, ${tone} 14%, transparent)`,
            flex: 'none',
          }}
        >
          {icon}
        </Flex>
        <div style={{ minWidth: 0 }}>
          <Typography.Text type="secondary">{title}</Typography.Text>
          <div>
            <Link
              to={to}
              className="dashboard-number"
              style={{ fontSize: 28, fontWeight: 600, color: token.colorText }}
            >
              {formatNumber(count)}
            </Link>
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {hint}
          </Typography.Text>
        </div>
      </Flex>
    </Card>
  );
}
