import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Descriptions, Row, Skeleton, Tabs, Tag, Typography } from 'antd';
import { StatusResult } from '../../../platform/StatusResult';
import { useTranslation } from 'react-i18next';
import { composeFullName } from '@casedesk/shared';
import { useProfile } from '../api';
import { EmailForm } from '../components/EmailForm';
import { LanguageForm } from '../components/LanguageForm';
import { PasswordForm } from '../components/PasswordForm';
import { ProfileForm } from '../components/ProfileForm';
import { TwoFactorPanel } from '../components/TwoFactorPanel';
import { formatDateTime } from '../../../platform/format';
import { useSeededName } from '../../../platform/labels/labels';

/** My Account: profile, e-mail, password, language and two factors (spec section 2, contract 24). */
export default function PersonalPage() {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const { data: profile, isPending, isError, refetch } = useProfile();

  if (isPending) return <Skeleton active className="page-skeleton" />;
  if (isError || !profile)
    return (
      <StatusResult
        status="warning"
        title={t('personal.loadFailed')}
        extra={<a onClick={() => void refetch()}>{t('errors.page.retry')}</a>}
      />
    );

  const fullName = composeFullName(profile.realName, profile.lastName) || profile.loginName;
  const format = (value: string | null) => formatDateTime(value);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8} xl={7}>
        <Card>
          <div className="personal-card">
            <Avatar size={84} icon={<UserOutlined />} className="personal-avatar" />
            <Typography.Title level={4} style={{ margin: '12px 0 0' }}>
              {fullName}
            </Typography.Title>
            <Typography.Text type="secondary">{profile.loginName}</Typography.Text>
            <div className="personal-roles">
              {profile.roleTitles.map((role, i) => (
                <Tag key={role} color="blue">
                  {seeded('role', profile.roleNames[i], role)}
                </Tag>
              ))}
            </div>
          </div>
          <Descriptions column={1} size="small" colon={false} className="personal-facts">
            <Descriptions.Item label={t('personal.email')}>{profile.email || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('personal.dept')}>{profile.deptName || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('personal.position')}>{profile.positionName || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('personal.lastSignIn')}>{format(profile.lastLoginTime)}</Descriptions.Item>
            <Descriptions.Item label={t('personal.lastAddress')}>{profile.lastLoginIp || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('personal.passwordChanged')}>
              {format(profile.passwordChangedAt)}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={17}>
        <Card>
          <Tabs
            items={[
              { key: 'profile', label: t('personal.tabs.profile'), children: <ProfileForm profile={profile} /> },
              { key: 'email', label: t('personal.tabs.email'), children: <EmailForm profile={profile} /> },
              { key: 'password', label: t('personal.tabs.password'), children: <PasswordForm /> },
              { key: 'language', label: t('personal.tabs.language'), children: <LanguageForm /> },
              { key: 'twoFactor', label: t('personal.tabs.twoFactor'), children: <TwoFactorPanel /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
