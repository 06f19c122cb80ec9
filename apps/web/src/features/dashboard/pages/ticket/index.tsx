import { ClockCircleOutlined, EnvironmentOutlined, SafetyOutlined } from '@ant-design/icons';
import { Card, Col, Row, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../platform/auth-store';

/** The landing page; the tickets work fills it with the ticket dashboard. */
export default function DashboardTicketPage() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const hour = new Date().getHours();
  const greeting = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t(`dashboard.greeting.${greeting}`, { name: userInfo?.firstName || userInfo?.userName || '' })}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('dashboard.intro')}
        </Typography.Paragraph>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card
            title={
              <>
                <ClockCircleOutlined /> {t('dashboard.lastSignIn')}
              </>
            }
          >
            {userInfo?.lastLoginTime ? dayjs(userInfo.lastLoginTime).format('LLL') : t('dashboard.firstSignIn')}
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card
            title={
              <>
                <EnvironmentOutlined /> {t('dashboard.lastAddress')}
              </>
            }
          >
            {userInfo?.lastLoginIp || '—'}
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card
            title={
              <>
                <SafetyOutlined /> {t('dashboard.roles')}
              </>
            }
          >
            {(userInfo?.roles ?? []).map((role) => (
              <Tag key={role} color="blue">
                {role}
              </Tag>
            ))}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
