import type { ReactNode } from 'react';
import { Card, Descriptions, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketSla, TicketSlaHold } from '@casedesk/shared';
import { formatDateTime, formatDuration, formatUnit } from '../../../platform/format';
import { useSeededName, useValueLabel } from '../../../platform/labels/labels';
import { SlaStateTag, useSlaCountdownText } from './SlaBadge';
import { useMinuteClock } from './sla-clock';

/** One span the ticket waited on the customer or an approver: who, in which status, when, how much working time. */
function HoldItem({ hold }: { hold: TicketSlaHold }) {
  const { t } = useTranslation();
  const label = useValueLabel();
  return (
    <div className="ticket-sla-hold">
      <div>
        <Typography.Text strong>{label('slaHolder', hold.heldBy)}</Typography.Text>
        {hold.status && <span> · {label('ticketStatus', hold.status)}</span>}{' '}
        <Tag variant="outlined" className="ticket-sla-hold-clock">
          {t(hold.paused ? 'ticket.sla.panel.clockPaused' : 'ticket.sla.panel.clockRan')}
        </Tag>
      </div>
      <div>
        <Typography.Text type="secondary">
          {formatDateTime(hold.startedAt)} –{' '}
          {hold.endedAt ? formatDateTime(hold.endedAt) : t('ticket.sla.panel.ongoing')}
        </Typography.Text>
      </div>
      {hold.workingMinutes !== null && (
        <Typography.Text type="secondary">
          {t('ticket.sla.panel.workingTime', {
            time: hold.workingMinutes ? formatDuration(hold.workingMinutes * 60) : formatUnit(0, 'minute'),
          })}
        </Typography.Text>
      )}
    </div>
  );
}

/** The ticket page's service level: its policy, the clock's state and targets, and whom it waited on so far. */
export function SlaPanel({ sla, holds, now }: { sla: TicketSla; holds: TicketSlaHold[]; now?: number }) {
  const { t } = useTranslation();
  const label = useValueLabel();
  const seededName = useSeededName();
  const countdown = useSlaCountdownText();
  const clock = useMinuteClock();
  const title = t('ticket.sla.panel.title');
  if (!sla)
    return (
      <Card title={title} size="small" className="ticket-sla-panel">
        <Typography.Text type="secondary">{t('ticket.sla.panel.none')}</Typography.Text>
      </Card>
    );

  const running = countdown(sla, now ?? clock);
  const when = (value: string | null) => (value ? formatDateTime(value) : t('ticket.sla.panel.notYet'));
  const item = (key: string, children: ReactNode) => (
    <Descriptions.Item key={key} label={t(`ticket.sla.panel.${key}`)}>
      {children}
    </Descriptions.Item>
  );
  return (
    <Card title={title} size="small" className="ticket-sla-panel">
      <Descriptions column={1} size="small" className="ticket-sla-details">
        {item('policy', sla.policyName ? seededName('slaPolicy', sla.policySeedCode, sla.policyName) : '—')}
        {item(
          'state',
          <span>
            <SlaStateTag sla={sla} />
            {running && (
              <Typography.Text type="secondary" className="ticket-sla-countdown">
                {running}
              </Typography.Text>
            )}
          </span>,
        )}
        {item('heldBy', label('slaHolder', sla.heldBy))}
        {sla.firstResponseDueAt !== null && item('firstResponseDue', formatDateTime(sla.firstResponseDueAt))}
        {sla.firstResponseDueAt !== null && item('firstResponseAt', when(sla.firstResponseAt))}
        {sla.nextUpdateDueAt !== null && item('nextUpdateDue', formatDateTime(sla.nextUpdateDueAt))}
        {sla.resolutionDueAt !== null && item('resolutionDue', formatDateTime(sla.resolutionDueAt))}
        {item('resolvedAt', when(sla.resolvedAt))}
        {sla.paused && item('pausedSince', formatDateTime(sla.pausedSince))}
      </Descriptions>
      <Typography.Text strong className="ticket-sla-holds-title">
        {t('ticket.sla.panel.holds')}
      </Typography.Text>
      {holds.length === 0 ? (
        <div>
          <Typography.Text type="secondary">{t('ticket.sla.panel.noHolds')}</Typography.Text>
        </div>
      ) : (
        <Timeline
          className="ticket-sla-holds"
          items={holds.map((hold, index) => ({
            key: `${hold.startedAt}-${index}`,
            color: hold.endedAt ? 'gray' : 'blue',
            content: <HoldItem hold={hold} />,
          }))}
        />
      )}
    </Card>
  );
}
