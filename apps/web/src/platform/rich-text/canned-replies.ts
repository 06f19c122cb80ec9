import { Extension, type Editor, type Range } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import Suggestion from '@tiptap/suggestion';
import { suggestionMenu, type SuggestionMenu } from './suggestion-menu';

/** A canned reply as the `::` list offers it (a `TextModule/Query` row; the body comes from Render). */
export type ReplyChoice = { id: number; name: string; keywords: string; language: string };

const folded = (text: string) => text.normalize('NFKC').toLocaleLowerCase();
const wordsOf = (keywords: string) =>
  folded(keywords)
    .split(/[\s,;，、；]+/)
    .filter(Boolean);

/** How well a reply answers the typed word: 0 best, -1 not at all (name before keywords, start before inside). */
function matchScore(reply: ReplyChoice, query: string): number {
  if (!query) return 0;
  const name = folded(reply.name);
  const words = wordsOf(reply.keywords);
  if (name.startsWith(query)) return 0;
  if (words.some((word) => word.startsWith(query))) return 1;
  if (name.includes(query)) return 2;
  if (words.some((word) => word.includes(query))) return 3;
  return -1;
}

/**
 * The replies the `::` word finds, best first: those in the reader's language, then those for every language, then
 * the others; within each, by how well they match, then by name.
 */
export function matchReplies(
  replies: readonly ReplyChoice[],
  typed: string,
  language: string,
  limit = 8,
): ReplyChoice[] {
  const query = folded(typed.trim());
  const languageRank = (reply: ReplyChoice) => (reply.language === language ? 0 : reply.language === 'all' ? 1 : 2);
  return replies
    .map((reply) => ({ reply, score: matchScore(reply, query), rank: languageRank(reply) }))
    .filter((found) => found.score >= 0)
    .sort((a, b) => a.rank - b.rank || a.score - b.score || a.reply.name.localeCompare(b.reply.name, language))
    .slice(0, limit)
    .map((found) => found.reply);
}

/** What the popup shows: the matches, the one the arrows are on, where the `::word` is on screen. */
export type ReplyMenu = SuggestionMenu<ReplyChoice>;

export type ReplyHooks = {
  items: (query: string) => ReplyChoice[];
  show: (menu: ReplyMenu | null) => void;
  insert: (editor: Editor, range: Range, reply: ReplyChoice) => void;
};

/**
 * `::` + letters opens the caller's canned replies (Tiptap's suggestion plugin finds the word, Escape closes it);
 * the arrows move, Enter or Tab picks, and `insert` replaces the `::word` with the reply filled in.
 */
export function cannedReplies(hooks: ReplyHooks) {
  return Extension.create({
    name: 'cannedReplies',
    addProseMirrorPlugins() {
      return [
        Suggestion<ReplyChoice, ReplyChoice>({
          editor: this.editor,
          pluginKey: new PluginKey('cannedReplies'),
          char: '::',
          // After any character, so that it works inside a Chinese sentence, which has no spaces.
          allowedPrefixes: null,
          items: ({ query }) => hooks.items(query),
          command: ({ editor, range, props }) => hooks.insert(editor, range, props),
          render: () => suggestionMenu(hooks.show),
        }),
      ];
    },
  });
}
