import { CheckCircleTwoTone, CloseCircleTwoTone, MinusCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TriggerCreate, TriggerDryRunResult } from '@casedesk/shared';
import { resourceKeys } from '../../../platform/crud/resource-api';
import { useServerText } from '../../../platform/crud/failure';
import { ApiError } from '../../../platform/http/client';
import { useValueLabel } from '../../../platform/labels/labels';
import { searchTickets } from '../../../platform/pickers/lookups';
import { RemoteSelect } from '../../../platform/pickers/RemoteSelect';
import { useDryRun } from '../api';
import { useTriggerWords } from './trigger-words';

type Rule = Omit<TriggerCreate, 'description' | 'order' | 'status'> & Partial<TriggerCreate>;

/** ✓ holds, ✗ does not, — cannot be judged without a change (a change operator in a dry run). */
function Holds({ holds }: { holds: boolean | null }) {
  const { t } = useTranslation();
  if (holds === null) return <MinusCircleOutlined aria-label={t('automation.dryRun.unknown')} />;
  return holds ? (
    <CheckCircleTwoTone twoToneColor="#52c41a" aria-label={t('automation.dryRun.holds')} />
  ) : (
    <CloseCircleTwoTone twoToneColor="#ff4d4f" aria-label={t('automation.dryRun.fails')} />
  );
}

/** What a dry run found: each condition with the ticket's value, then each action's changes, message or problem. */
export function DryRunResult({ rule, result }: { rule: Rule; result: TriggerDryRunResult }) {
  const { t } = useTranslation();
  const words = useTriggerWords();
  const valueLabel = useValueLabel();
  return (
    <div className="dry-run-result">
      <Alert
        type={result.matched ? 'success' : 'info'}
        showIcon
        title={result.matched ? t('automation.dryRun.matched') : t('automation.dryRun.notMatched')}
      />
      {result.conditions.length > 0 && <h5>{t('automation.dryRun.conditions')}</h5>}
      <ul className="dry-run-list">
        {result.conditions.map(({ index, holds, actual }) => {
          const condition = rule.conditions?.[index];
          return (
            <li key={index} className="dry-run-condition">
              <Holds holds={holds} /> {condition ? words.condition(condition) : `#${index + 1}`}
              <span className="dry-run-actual">
                {t('automation.dryRun.actual', { value: words.value(condition?.field ?? '', actual) })}
              </span>
            </li>
          );
        })}
      </ul>
      <h5>{t('automation.dryRun.actions')}</h5>
      <ul className="dry-run-list">
        {result.actions.map((action) => (
          <li key={action.index} className="dry-run-action">
            <strong>{valueLabel('triggerActionKind', action.kind)}</strong>
            {Object.entries(action.changes).map(([field, { from, to }]) => (
              <div key={field} className="dry-run-change">
                {t('automation.dryRun.change', {
                  field: words.field(field),
                  from: words.value(field, from),
                  to: words.value(field, to),
                })}
              </div>
            ))}
            {action.summary && <div className="dry-run-summary">{action.summary}</div>}
            {action.problem && <Alert type="warning" showIcon title={action.problem} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Test against ticket …": the editor's trigger as it stands, run against one ticket without writing anything. */
export function DryRunPanel({ rule }: { rule: () => Rule }) {
  const { t } = useTranslation();
  const text = useServerText();
  const [ticketId, setTicketId] = useState<number | null>(null);
  const [tried, setTried] = useState<Rule | null>(null);
  const dryRun = useDryRun();
  const run = () => {
    if (ticketId === null) return;
    const current = rule();
    setTried(current);
    dryRun.mutate({ trigger: { description: '', order: 100, status: 'Active', ...current }, ticketId });
  };
  const error = dryRun.error instanceof ApiError && dryRun.error.kind === 'http' ? dryRun.error : null;
  return (
    <Card size="small" className="dry-run" title={t('automation.dryRun.title')}>
      <p className="dry-run-help">{t('automation.dryRun.help')}</p>
      <Space wrap>
        <div className="dry-run-ticket">
          <RemoteSelect
            queryKey={resourceKeys('Ticket').of('picker')}
            search={searchTickets}
            value={ticketId}
            onChange={(next) => setTicketId(typeof next === 'number' ? next : null)}
            placeholder={t('automation.dryRun.ticket')}
            allowClear
          />
        </div>
        <Button onClick={run} loading={dryRun.isPending} disabled={ticketId === null}>
          {t('automation.dryRun.run')}
        </Button>
      </Space>
      {error && (
        <Alert
          type="error"
          showIcon
          className="dry-run-error"
          title={[text(error), ...error.fieldErrors.map((f) => `${f.field ?? ''}: ${text(f)}`)].join(' · ')}
        />
      )}
      {dryRun.data && tried && !dryRun.isPending && <DryRunResult rule={tried} result={dryRun.data} />}
    </Card>
  );
}
