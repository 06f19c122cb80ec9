import { useState } from 'react';
import { GlobalOutlined, LockOutlined } from '@ant-design/icons';
import { Button, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/feedback';
import { useAddComment } from '../api';
import { RichTextEditor } from '../../../platform/rich-text/RichTextEditor';

/** Adds a comment, internal (staff only, the default) or public. `onTyping`: the text is being written (true) or was sent or emptied (false). */
export function CommentBox({ ticketId, onTyping }: { ticketId: number; onTyping?: (typing: boolean) => void }) {
  const { t } = useTranslation();
  const [html, setHtml] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const add = useAddComment();

  const save = () => {
    if (!html.replace(/<[^>]*>/g, '').trim()) {
      feedback.warning(t('ticket.comment.empty'));
      return;
    }
    add.mutate(
      { ticketId, comment: html, public: isPublic },
      {
        onSuccess: ({ refusedMentions }) => {
          feedback.success(t('ticket.messages.commentSaved'));
          // Mentioned colleagues who may not see the ticket were told nothing: the writer reads who.
          if (refusedMentions.length > 0)
            feedback.warning(
              t('ticket.mention.refused', {
                count: refusedMentions.length,
                names: refusedMentions.map((m) => m.name).join(t('ticket.mention.separator')),
              }),
            );
          setHtml('');
          onTyping?.(false);
          // The next comment starts internal again, so that nothing goes to the customer by habit.
          setIsPublic(false);
        },
      },
    );
  };

  return (
    <div className={`ticket-comment-box ${isPublic ? 'is-public' : 'is-internal'}`}>
      <RichTextEditor
        small
        value={html}
        onChange={(next) => {
          setHtml(next);
          onTyping?.(next.replace(/<[^>]*>/g, '').trim() !== '');
        }}
        placeholder={t('ticket.comment.placeholder')}
        aria-label={t('ticket.comment.title')}
        cannedRepliesFor={ticketId}
        mentionsFor={ticketId}
      />
      <div className="ticket-comment-actions">
        <Space wrap>
          <Radio.Group
            value={isPublic ? 'public' : 'internal'}
            onChange={(event) => setIsPublic(event.target.value === 'public')}
            optionType="button"
            buttonStyle="solid"
            options={[
              {
                value: 'internal',
                label: (
                  <>
                    <LockOutlined /> {t('ticket.comment.internal')}
                  </>
                ),
              },
              {
                value: 'public',
                label: (
                  <>
                    <GlobalOutlined /> {t('ticket.comment.public')}
                  </>
                ),
              },
            ]}
          />
          <Typography.Text type="secondary">
            {isPublic ? t('ticket.comment.publicHint') : t('ticket.comment.internalHint')}
          </Typography.Text>
        </Space>
        <Button type="primary" loading={add.isPending} onClick={save} className="ticket-comment-save">
          {t('ticket.comment.save')}
        </Button>
      </div>
    </div>
  );
}
