import { describe, expect, it } from 'vitest';
import { matchReplies, type ReplyChoice } from './canned-replies';

const reply = (id: number, name: string, language: string, keywords = ''): ReplyChoice => ({
  id,
  name,
  keywords,
  language,
});
const replies = [
  reply(1, 'Thanks, we are on it', 'en', 'received ack'),
  reply(2, 'Need more information', 'en', 'info details'),
  reply(3, '已收到，正在处理', 'zh-cn', '收到 感谢 thanks'),
  reply(4, '已收到，正在處理', 'zh-tw', '收到 感謝 thanks'),
  reply(5, 'Out of office', 'all', 'away holiday'),
];
const ids = (found: ReplyChoice[]) => found.map((r) => r.id);

describe('matchReplies', () => {
  it('offers everything for an empty word, the reader’s language first, then every language, then others', () => {
    expect(ids(matchReplies(replies, '', 'en'))).toEqual([2, 1, 5, 3, 4]);
    expect(ids(matchReplies(replies, '', 'zh-tw'))[0]).toBe(4);
  });

  it('matches names and keywords, a start before the inside, ignoring case', () => {
    expect(ids(matchReplies(replies, 'THA', 'en'))).toEqual([1, 3, 4]);
    expect(ids(matchReplies(replies, 'info', 'en'))).toEqual([2]);
    expect(ids(matchReplies(replies, 'away', 'en'))).toEqual([5]);
    expect(ids(matchReplies(replies, 'office', 'en'))).toEqual([5]);
    expect(ids(matchReplies(replies, 'zzz', 'en'))).toEqual([]);
  });

  it('finds Chinese words, in the reader’s script first', () => {
    expect(ids(matchReplies(replies, '收到', 'zh-cn'))).toEqual([3, 4]);
    expect(ids(matchReplies(replies, '收到', 'zh-tw'))).toEqual([4, 3]);
  });

  it('keeps the list short', () => {
    const many = Array.from({ length: 20 }, (_, i) => reply(i + 10, `Reply ${i}`, 'en'));
    expect(matchReplies(many, 'reply', 'en')).toHaveLength(8);
  });
});
