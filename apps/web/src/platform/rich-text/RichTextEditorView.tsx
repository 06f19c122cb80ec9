import { useEffect, type ReactNode } from 'react';
import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCannedReplies } from './CannedReplyMenu';
import { useMentions } from './MentionMenu';
import type { RichTextEditorProps } from './RichTextEditor';
import './rich-text.css';

const emptyHtml = (html: string) => html === '<p></p>' || html.trim() === '';
/**
 * tiptap destroys an editor (its schema becomes null) when React unmounts or re-creates it, e.g. as a kept-alive
 * page is hidden and shown again; an effect may still hold that editor for one more run.
 */
const isAlive = (editor: Editor) => (editor.schema as Editor['schema'] | null) !== null;

/** A rich-text field (tiptap) usable as an antd Form control: `value` and `onChange` carry HTML. */
export default function RichTextEditorView({
  value,
  onChange,
  placeholder,
  small,
  id,
  'aria-label': ariaLabel,
  cannedRepliesFor,
  mentionsFor,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const canned = useCannedReplies(cannedRepliesFor);
  const mentioning = useMentions(mentionsFor);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false } }),
      ...(canned.extension ? [canned.extension] : []),
      ...(mentioning.extension ? [mentioning.extension] : []),
    ],
    content: value ?? '',
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': ariaLabel ?? placeholder ?? '',
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      onChange?.(emptyHtml(html) ? '' : html);
    },
  });

  // A value set from outside (form reset, record loaded) replaces the content; typing does not come back here.
  useEffect(() => {
    if (!editor || !isAlive(editor)) return;
    const current = editor.getHTML();
    const next = value ?? '';
    if (next !== current && !(emptyHtml(next) && emptyHtml(current)))
      editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      empty: e?.isEmpty ?? true,
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      strike: e?.isActive('strike') ?? false,
      heading: e?.isActive('heading', { level: 3 }) ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      code: e?.isActive('codeBlock') ?? false,
      canUndo: e?.can().undo() ?? false,
      canRedo: e?.can().redo() ?? false,
    }),
  });

  const tool = (key: string, icon: ReactNode, active: boolean, run: () => void, disabled = false) => (
    <Tooltip title={t(`richText.${key}`)} key={key}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        ghost={active}
        icon={icon}
        aria-label={t(`richText.${key}`)}
        aria-pressed={active}
        disabled={disabled || !editor}
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  const chain = () => editor!.chain().focus();

  return (
    <div className={`ticket-editor${small ? ' ticket-editor-small' : ''}`}>
      <div className="ticket-editor-toolbar">
        {tool('bold', <BoldOutlined />, state?.bold ?? false, () => chain().toggleBold().run())}
        {tool('italic', <ItalicOutlined />, state?.italic ?? false, () => chain().toggleItalic().run())}
        {tool('strike', <StrikethroughOutlined />, state?.strike ?? false, () => chain().toggleStrike().run())}
        {tool('heading', <span className="ticket-editor-h">H</span>, state?.heading ?? false, () =>
          chain().toggleHeading({ level: 3 }).run(),
        )}
        {tool('bulletList', <UnorderedListOutlined />, state?.bulletList ?? false, () =>
          chain().toggleBulletList().run(),
        )}
        {tool('orderedList', <OrderedListOutlined />, state?.orderedList ?? false, () =>
          chain().toggleOrderedList().run(),
        )}
        {tool('quote', <span className="ticket-editor-h">“</span>, state?.quote ?? false, () =>
          chain().toggleBlockquote().run(),
        )}
        {tool('code', <CodeOutlined />, state?.code ?? false, () => chain().toggleCodeBlock().run())}
        {tool('undo', <UndoOutlined />, false, () => chain().undo().run(), !state?.canUndo)}
        {tool('redo', <RedoOutlined />, false, () => chain().redo().run(), !state?.canRedo)}
      </div>
      <div className="ticket-editor-content">
        {state?.empty && placeholder && <div className="ticket-editor-placeholder">{placeholder}</div>}
        <EditorContent editor={editor} />
      </div>
      {canned.popup}
      {mentioning.popup}
    </div>
  );
}
