/*
 * What a reply to an approval-task mail says (contract 22): its first line is the decision, in any of our three
 * languages' words; what follows, above the quoted mail, is the comment.
 */

export type ReplyDecision = { action: 'approve' | 'reject' | null; firstLine: string; comment: string };

const words: Record<string, 'approve' | 'reject'> = {
  approve: 'approve',
  同意: 'approve',
  核准: 'approve',
  reject: 'reject',
  拒绝: 'reject',
  拒絕: 'reject',
  驳回: 'reject',
  駁回: 'reject',
};

/** Where the quoted mail starts: `>` lines, "On … wrote:", Outlook's header block and separators, the Chinese forms. */
const quoteStarts = [
  /^>/,
  /^on\b.*\bwrote:?$/i,
  /^-{2,}\s*(original message|forwarded message|原始邮件|原始郵件)\s*-{2,}/i,
  /^_{10,}$/,
  /^(from|发件人|寄件者|發件人|寄件人)\s*[:：]/i,
  /^(在|於).*(写道|寫道)\s*[:：]?$/,
];

/** The reply's decision and comment; `action` null when the first line is none of our words. */
export function replyDecisionOf(text: string): ReplyDecision {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const end = lines.findIndex((line) => quoteStarts.some((start) => start.test(line.trim())));
  const own = (end === -1 ? lines : lines.slice(0, end)).map((line) => line.trim());
  const first = own.findIndex((line) => line !== '');
  if (first === -1) return { action: null, firstLine: '', comment: '' };
  const firstLine = own[first]!;
  // "Approve." and "同意。" say the same as the bare word.
  const word = firstLine.toLowerCase().replace(/[\s.!。！]+$/u, '');
  const comment = own
    .slice(first + 1)
    .join('\n')
    .trim();
  return { action: Object.hasOwn(words, word) ? words[word]! : null, firstLine, comment };
}
