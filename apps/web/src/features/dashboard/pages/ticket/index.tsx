import {
  ClockCircleOutlined,
  FieldTimeOutlined,
  InboxOutlined,
  PlusOutlined,
  ReloadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../../platform/auth-store';
import { greetingName } from '../../../../platform/user-info';
import { usePermissions } from '../../../../platform/permission';
import { ticketListLink, useTicketDashboard } from '../../api';
import { CountList, type CountRow } from '../../components/CountList';
import { DailyChart } from '../../components/DailyChart';
import { InvoiceTasksCard } from '../../components/InvoiceTasksCard';
import { MyOpenItemsCard } from '../../components/MyOpenItemsCard';
import { MyOpenList } from '../../components/MyOpenList';
import { StatCard } from '../../components/StatCard';
import { priorityHex, statusHex } from '../../components/colors';
import { formatDateTime } from '../../../../platform/format';
import { useValueLabel } from '../../../../platform/labels/labels';

const topCategories = 8;

/** The landing page: the caller's ticket figures, every number a link to the list it counts. */
export default function DashboardTicketPage() {
  const { t } = useTranslation();
  const label = useValueLabel();
  const navigate = useNavigate();
  const { userInfo } = useSession();
  const { has } = usePermissions();
  // The landing page of everyone: without ticket:view there are no figures (and no 403 alert) to show.
  const canView = has('ticket:view');
  const dashboard = useTicketDashboard(canView);
  const hour = new Date().getHours();
  const greeting = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
  const d = dashboard.data;

  const header = (
    <Flex justify="space-between" align="center" wrap gap={12}>
      <div>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t(`dashboard.greeting.${greeting}`, { name: greetingName(userInfo) })}
        </Typography.Title>
        <Typography.Text type="secondary">
          {userInfo?.lastLoginTime
            ? t('dashboard.lastSignInAt', { date: formatDateTime(userInfo.lastLoginTime) })
            : t('dashboard.firstSignIn')}
        </Typography.Text>
      </div>
      <Flex gap={8}>
        {canView && (
          <Tooltip title={t('dashboard.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('dashboard.refresh')}
              loading={dashboard.isFetching}
              onClick={() => void dashboard.refetch()}
            />
          </Tooltip>
        )}
        {has('ticket:create') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/ticket/create')}>
            {t('dashboard.newTicket')}
          </Button>
        )}
      </Flex>
    </Flex>
  );

  // Issue 14: cards for the users of those modules, with or without ticket figures.
  const showOpenItems = has('openItem:view');
  const showInvoices = has('invoice:view');
  const workCards =
    showOpenItems || showInvoices ? (
      <Row gutter={[16, 16]} className="dashboard-work-cards">
        {showOpenItems && (
          <Col xs={24} lg={12}>
            <MyOpenItemsCard userId={userInfo?.userId} />
          </Col>
        )}
        {showInvoices && (
          <Col xs={24} lg={12}>
            <InvoiceTasksCard />
          </Col>
        )}
      </Row>
    ) : null;

  if (!canView)
    return (
      <Flex vertical gap={16} className="ticket-dashboard">
        {header}
        {workCards}
      </Flex>
    );
  if (dashboard.isError && !d)
    return (
      <Flex vertical gap={16} className="ticket-dashboard">
        {header}
        <Alert
          type="error"
          showIcon
          title={t('dashboard.loadFailed')}
          action={<Button onClick={() => void dashboard.refetch()}>{t('dashboard.retry')}</Button>}
        />
      </Flex>
    );
  if (!d)
    return (
      <Flex vertical gap={16} className="ticket-dashboard">
        {header}
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </Flex>
    );

  const statusRows: CountRow[] = d.byStatus.map((s) => ({
    key: s.key,
    label: label('ticketStatus', s.key),
    count: s.count,
    to: ticketListLink({ status: s.key }),
    color: statusHex[s.key],
  }));
  const priorityRows: CountRow[] = [...d.byPriority].reverse().map((p) => ({
    key: p.key,
    label: label('ticketPriority', p.key),
    count: p.count,
    to: ticketListLink({ priority: p.key }),
    color: priorityHex[p.key],
  }));
  const categoryRows: CountRow[] = d.byCategory.slice(0, topCategories).map((c) => ({
    key: String(c.categoryId ?? 'none'),
    // A category by its name (its description), as the ticket list shows it; its code where it has none.
    label: c.categoryId === null ? t('dashboard.noCategory') : (c.categoryName ?? c.categoryCode ?? `#${c.categoryId}`),
    count: c.count,
    to: c.categoryId === null ? undefined : ticketListLink({ categoryId: c.categoryId }),
    color: '#722ed1',
  }));
  const otherCategories = d.byCategory.slice(topCategories).reduce((n, c) => n + c.count, 0);
  const opened = d.daily.reduce((n, x) => n + x.opened, 0);
  const closed = d.daily.reduce((n, x) => n + x.closed, 0);
  const first = d.daily[0]?.date;
  const last = d.daily[d.daily.length - 1]?.date;
  const total = d.byStatus.reduce((n, s) => n + s.count, 0);

  return (
    <Flex vertical gap={16} className="ticket-dashboard">
      {header}
      {total === 0 && (
        <Alert
          type="info"
          showIcon
          title={t('dashboard.noTickets')}
          description={t('dashboard.noTicketsText')}
          className="dashboard-empty"
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            id="mine"
            icon={<UserOutlined />}
            tone="#1677ff"
            title={t('dashboard.myOpen')}
            count={d.myOpen.count}
            to={ticketListLink({ view: 'mine' })}
            hint={t('dashboard.myOpenHint')}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            id="unassigned"
            icon={<InboxOutlined />}
            tone="#fa8c16"
            title={t('dashboard.unassigned')}
            count={d.unassigned}
            to={ticketListLink({ view: 'unassigned' })}
            hint={t('dashboard.unassignedHint')}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            id="overdue"
            icon={<ClockCircleOutlined />}
            tone="#f5222d"
            title={t('dashboard.overdue')}
            count={d.overdue}
            to={ticketListLink({ view: 'overdue' })}
            hint={t('dashboard.overdueHint')}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            id="opened"
            icon={<FieldTimeOutlined />}
            tone="#52c41a"
            title={t('dashboard.opened30')}
            count={opened}
            to={first && last ? ticketListLink({ openDateFrom: first, openDateTo: last }) : '/ticket/list'}
            hint={t('dashboard.closed30', { count: closed })}
          />
        </Col>
      </Row>
      {workCards}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card
            variant="borderless"
            title={t('dashboard.dailyTitle')}
            extra={<Typography.Text type="secondary">{t('dashboard.dailyHint')}</Typography.Text>}
            style={{ height: '100%' }}
          >
            <DailyChart daily={d.daily} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card
            variant="borderless"
            title={t('dashboard.myOpen')}
            extra={
              d.myOpen.count > d.myOpen.items.length ? (
                <Link to={ticketListLink({ view: 'mine' })}>{t('dashboard.viewAll', { count: d.myOpen.count })}</Link>
              ) : null
            }
            style={{ height: '100%' }}
            styles={{ body: { paddingTop: 4, maxHeight: 330, overflowY: 'auto' } }}
          >
            <MyOpenList items={d.myOpen.items} />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card
            variant="borderless"
            title={t('dashboard.byStatus')}
            className="dashboard-by-status"
            style={{ height: '100%' }}
          >
            <CountList rows={statusRows} empty={t('dashboard.nothing')} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card
            variant="borderless"
            title={t('dashboard.byPriority')}
            className="dashboard-by-priority"
            style={{ height: '100%' }}
          >
            <CountList rows={priorityRows} empty={t('dashboard.nothing')} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card
            variant="borderless"
            title={t('dashboard.byCategory')}
            className="dashboard-by-category"
            style={{ height: '100%' }}
          >
            <CountList rows={categoryRows} empty={t('dashboard.nothing')} />
            {otherCategories > 0 && (
              <Typography.Text type="secondary" style={{ display: 'block', marginTop: 10, fontSize: 12 }}>
                {t('dashboard.otherCategories', {
                  count: d.byCategory.length - topCategories,
                  tickets: otherCategories,
                })}
              </Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
