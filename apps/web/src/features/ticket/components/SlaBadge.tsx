import { ClockCircleOutlined, PauseCircleOutlined } from '@ant-design/icons';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketSla } from '@casedesk/shared';
import { formatDateTime, formatSpan, noValue } from '../../../platform/format';
import { useValueLabel } from '../../../platform/labels/labels';
import { slaCountdown, slaStateColors } from './sla-clock';

type Sla = NonNullable<TicketSla>;

/** "2h 15m left" or "1h 5m overdue" while the clock runs towards a target; null when it does not run. */
export function useSlaCountdownText() {
  const { t } = useTranslation();
  return (sla: Sla, now: number): string | null => {
    const countdown = slaCountdown(sla, now);
    if (!countdown) return null;
    const time = formatSpan(countdown.minutes);
    return t(countdown.overdue ? 'ticket.sla.overdue' : 'ticket.sla.left', { time });
  };
}

/** The badge's words: the time left or overdue while the clock runs, who holds a paused one, else the state. */
export function useSlaText() {
  const { t } = useTranslation();
  const label = useValueLabel();
  const countdown = useSlaCountdownText();
  return (sla: Sla, now: number): string => {
    if (sla.state === 'paused') return t('ticket.sla.pausedBy', { holder: label('slaHolder', sla.heldBy) });
    const running = countdown(sla, now);
    if (!running) return label('slaState', sla.state);
    // A late first response keeps the ticket breached while the resolution is still ahead: say both.
    const late = sla.state === 'breached' && !slaCountdown(sla, now)?.overdue;
    return late ? `${label('slaState', 'breached')} · ${running}` : running;
  };
}

/** The state's own word in its colour ("On track", "Paused"): the ticket page's panel. */
export function SlaStateTag({ sla }: { sla: Sla }) {
  const label = useValueLabel();
  return (
    <Tag color={slaStateColors[sla.state]} className={`ticket-sla-state ticket-sla-state-${sla.state}`}>
      {label('slaState', sla.state)}
    </Tag>
  );
}

/** The due instants and when they were met, one line each (the badge's tooltip). */
export function SlaTimes({ sla }: { sla: Sla }) {
  const { t } = useTranslation();
  const line = (key: string, value: string | null) =>
    value ? <div key={key}>{t(`ticket.sla.tip.${key}`, { time: formatDateTime(value) })}</div> : null;
  return (
    <div className="ticket-sla-times">
      {line('firstResponseDue', sla.firstResponseDueAt)}
      {line('firstResponseAt', sla.firstResponseAt)}
      {!sla.resolvedAt && line('nextUpdateDue', sla.nextUpdateDueAt)}
      {line('resolutionDue', sla.resolutionDueAt)}
      {line('resolvedAt', sla.resolvedAt)}
      {sla.paused && line('pausedSince', sla.pausedSince)}
    </div>
  );
}

/**
 * A ticket's service-level clock, compact (the list's column, the ticket page's panel): green while on track,
 * amber near a target, red once one passed, grey while paused (with whom it waits on), blue when met.
 */
export function SlaBadge({ sla, now }: { sla: TicketSla; now?: number }) {
  const text = useSlaText();
  if (!sla) return <Typography.Text type="secondary">{noValue}</Typography.Text>;
  return (
    <Tooltip title={<SlaTimes sla={sla} />} classNames={{ root: 'ticket-sla-tip' }}>
      <Tag
        color={slaStateColors[sla.state]}
        icon={sla.state === 'paused' ? <PauseCircleOutlined /> : <ClockCircleOutlined />}
        className={`ticket-sla ticket-sla-${sla.state}`}
      >
        {text(sla, now ?? Date.now())}
      </Tag>
    </Tooltip>
  );
}
