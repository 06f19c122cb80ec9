import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkflowActionLog, WorkflowActionName } from '@casedesk/shared';
import { useServerText } from '../../../platform/crud/failure';
import { formatDateTime } from '../../../platform/format';
import { useValueLabel } from '../../../platform/labels/labels';

const colors: Partial<Record<WorkflowActionName, string>> = {
  submit: 'blue',
  resubmit: 'blue',
  approve: 'green',
  autoApprove: 'green',
  reject: 'red',
  autoReject: 'red',
  return: 'orange',
  cancel: 'gray',
  recall: 'orange',
  remind: 'gold',
  escalate: 'gold',
};

/** Plain values of a log row's detail, for an engine comment's placeholders (`{n}` of a reminder ...). */
function valuesOf(detail: WorkflowActionLog['detail']): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(detail ?? {}))
    if (typeof value === 'string' || typeof value === 'number') values[key] = value;
  return values;
}

/** Where a return went, or who was added or handed the task, when the log row says so. */
function targetOf(detail: WorkflowActionLog['detail']): string | null {
  if (!detail) return null;
  const names = detail.userNames ?? detail.toNames ?? detail.toName ?? detail.targetNodeName;
  if (typeof names === 'string') return names;
  if (Array.isArray(names)) return names.filter((n) => typeof n === 'string').join(', ');
  return null;
}

/** Every action on the instance, oldest first: who, on whose behalf, what, where, when, and the comment. */
export function InstanceTimeline({ log }: { log: WorkflowActionLog[] }) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const valueLabel = useValueLabel();
  return (
    <Timeline
      className="instance-timeline"
      items={log.map((entry) => {
        const comment = entry.commentKey
          ? serverText({
              message: entry.comment ?? entry.commentKey,
              messageKey: entry.commentKey,
              messageValues: valuesOf(entry.detail),
            })
          : entry.comment;
        const target = targetOf(entry.detail);
        return {
          key: entry.id,
          color: colors[entry.action] ?? 'gray',
          content: (
            <div className={`timeline-entry timeline-${entry.action}`}>
              <div>
                <Typography.Text strong>{entry.actorName ?? t('workflow.action.system')}</Typography.Text>
                {entry.onBehalfOfName && (
                  <Typography.Text type="secondary" className="timeline-on-behalf">
                    {' '}
                    {t('workflow.action.onBehalfOf', { owner: entry.onBehalfOfName })}
                  </Typography.Text>
                )}{' '}
                <Typography.Text>{t(`workflow.action.log.${entry.action}`)}</Typography.Text>
                {target && <Typography.Text> → {target}</Typography.Text>}
                {entry.nodeName && <Typography.Text type="secondary"> · {entry.nodeName}</Typography.Text>}
                {entry.channel && (
                  <Typography.Text type="secondary" className="timeline-channel">
                    {' '}
                    ({valueLabel('workflowChannel', entry.channel)})
                  </Typography.Text>
                )}
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(entry.createdAt)}
              </Typography.Text>
              {comment && <div className="timeline-comment">{comment}</div>}
            </div>
          ),
        };
      })}
    />
  );
}
