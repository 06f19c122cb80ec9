import { useState } from 'react';
import { App, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketDetail } from '@casedesk/shared';
import { feedback } from '../../../platform/feedback';
import { ApiError } from '../../../platform/http/client';
import { translateServerMessage } from '../../../platform/server-messages';
import { useSaveTags } from '../api';
import { isConflict } from './ticket-messages';
import { TagChips, TagSelect } from '../../../platform/pickers/TagSelect';

/**
 * The ticket page's tags: who may edit the ticket (its `edit` action) changes them in place, each change saved at
 * once through Update; everyone else reads them.
 */
export function TicketTagsCard({ ticket, onReload }: { ticket: TicketDetail; onReload: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const save = useSaveTags();
  // The last answer (its tags and rowVersion) until the page's record catches up, so quick changes do not conflict.
  const [saved, setSaved] = useState<{ from: number; rowVersion: number; tags: string[] }>();
  const current =
    saved && saved.from === ticket.rowVersion ? saved : { rowVersion: ticket.rowVersion, tags: ticket.tags };
  const editable = ticket.actions.includes('edit');

  const onChange = (tags: string[]) => {
    if (JSON.stringify(tags) === JSON.stringify(current.tags)) return;
    save.mutate(
      { id: ticket.id, rowVersion: current.rowVersion, tags },
      {
        onSuccess: (answer) => setSaved({ from: ticket.rowVersion, rowVersion: answer.rowVersion, tags: answer.tags }),
        onError: (error) => {
          if (isConflict(error))
            modal.confirm({
              title: t('ticket.form.conflictTitle'),
              content: t('ticket.form.conflictText'),
              okText: t('ticket.form.reload'),
              cancelText: t('common.cancel'),
              onOk: onReload,
            });
          else if (error instanceof ApiError && error.kind === 'http' && error.status !== 403)
            feedback.error(translateServerMessage(error));
        },
      },
    );
  };

  return (
    <Card title={t('ticket.fields.tags')} size="small" className="ticket-tags-card">
      {editable ? (
        <TagSelect
          value={save.isPending ? (save.variables?.tags ?? current.tags) : current.tags}
          onChange={onChange}
          loading={save.isPending}
          placeholder={t('ticket.tags.add')}
          aria-label={t('ticket.fields.tags')}
          className="ticket-tag-select"
        />
      ) : current.tags.length > 0 ? (
        <TagChips tags={current.tags} max={current.tags.length} />
      ) : (
        <Typography.Text type="secondary">{t('ticket.tags.none')}</Typography.Text>
      )}
    </Card>
  );
}
