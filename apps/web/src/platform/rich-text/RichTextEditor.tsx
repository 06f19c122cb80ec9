import { lazy, Suspense } from 'react';
import './rich-text.css';

export type RichTextEditorProps = {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** A smaller box (comments). */
  small?: boolean;
  id?: string;
  'aria-label'?: string;
  /** The ticket this text is written on: `::` then offers the caller's canned replies, filled in for it. */
  cannedRepliesFor?: number;
  /** The ticket a comment is written on: `@` then offers the colleagues who may see it. */
  mentionsFor?: number;
};

// The editor (tiptap and ProseMirror, ~165 KB gzip) loads when an editor is first shown, not with the screen that
// holds it (issue 35): the ticket page shows its comments as sanitised HTML meanwhile, and lists open it in a drawer.
const RichTextEditorView = lazy(() => import('./RichTextEditorView'));

/** A rich-text field (tiptap) usable as an antd Form control: `value` and `onChange` carry HTML. */
export function RichTextEditor(props: RichTextEditorProps) {
  // While the code loads: the editor's empty box at its size, so nothing moves when it arrives (no `.tiptap` in it:
  // what types into the editor waits for the real one).
  const box = (
    <div className={`ticket-editor${props.small ? ' ticket-editor-small' : ''}`} aria-busy="true">
      <div className="ticket-editor-toolbar ticket-editor-toolbar-loading" />
      <div className="ticket-editor-loading" />
    </div>
  );
  return (
    <Suspense fallback={box}>
      <RichTextEditorView {...props} />
    </Suspense>
  );
}
