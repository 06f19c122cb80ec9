import { mergeAttributes, Node } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import Suggestion from '@tiptap/suggestion';
import { mentionAttribute, type MentionCandidate } from '@casedesk/shared';
import { suggestionMenu, type SuggestionMenu } from './suggestion-menu';

export type MentionMenu = SuggestionMenu<MentionCandidate>;

export type MentionHooks = {
  /** The colleagues who may see the ticket and match the typed word (the server's list). */
  items: (query: string) => Promise<MentionCandidate[]>;
  show: (menu: MentionMenu | null) => void;
};

/**
 * A mention of a colleague: one uneditable `@loginName` in the text, stored as
 * `<span class="mention" data-mention="loginName">@loginName</span>` (the server reads the attribute; any text
 * rendering of the comment still says `@loginName`). `@` + letters offers the colleagues who may see the ticket.
 */
export function mentions(hooks: MentionHooks) {
  return Node.create({
    name: 'mention',
    group: 'inline',
    inline: true,
    atom: true,
    selectable: false,
    addAttributes() {
      return {
        login: {
          default: '',
          parseHTML: (element) => element.getAttribute(mentionAttribute) ?? '',
          renderHTML: (attributes) => ({ [mentionAttribute]: attributes.login as string }),
        },
      };
    },
    parseHTML() {
      return [{ tag: `span[${mentionAttribute}]` }];
    },
    renderHTML({ node, HTMLAttributes }) {
      return ['span', mergeAttributes({ class: 'mention' }, HTMLAttributes), `@${node.attrs.login as string}`];
    },
    renderText({ node }) {
      return `@${node.attrs.login as string}`;
    },
    addProseMirrorPlugins() {
      return [
        Suggestion<MentionCandidate, MentionCandidate>({
          editor: this.editor,
          pluginKey: new PluginKey('mentions'),
          char: '@',
          // After any character, so that it works inside a Chinese sentence, which has no spaces.
          allowedPrefixes: null,
          items: ({ query }) => hooks.items(query),
          command: ({ editor, range, props }) =>
            editor
              .chain()
              .focus()
              .insertContentAt(range, [
                { type: 'mention', attrs: { login: props.loginName } },
                { type: 'text', text: ' ' },
              ])
              .run(),
          render: () => suggestionMenu(hooks.show),
        }),
      ];
    },
  });
}
