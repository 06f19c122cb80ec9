// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seededNames } from '@casedesk/shared';
import { seededSaved, seededShown } from './labels';

type Tree = { [key: string]: string | Tree };
/** `t` over the seeded names' locale file of a language: the text at a dotted key, or the key itself. */
function translator(language: string): (key: string) => string {
  const tree = JSON.parse(readFileSync(new URL(`./locales/${language}.json`, import.meta.url), 'utf8')) as Tree;
  return (key) => {
    let at: string | Tree | undefined = tree;
    for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
    return typeof at === 'string' ? at : key;
  };
}

const zhCn = translator('zh-cn');
const className = 'log.retention';
const remark = seededNames.jobRemark[className];

describe('a seeded text in a form (the schedule-job editor: name and remark)', () => {
  it('shows every default job’s remark in Chinese, not in English', () => {
    for (const language of ['zh-cn', 'zh-tw']) {
      const t = translator(language);
      for (const [code, english] of Object.entries(seededNames.jobRemark)) {
        const shown = seededShown(t, 'jobRemark', code, english);
        expect(shown, `${language} ${code}`).not.toBe(english);
        expect(shown).not.toMatch(/^seed\./);
        expect(shown).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });

  it('saves the seeded English back while the reader left the shown words, so other languages keep theirs', () => {
    const shown = seededShown(zhCn, 'jobRemark', className, remark);
    expect(seededSaved(zhCn, 'jobRemark', className, remark, shown)).toBe(remark);
    const name = seededShown(zhCn, 'job', className, seededNames.job[className]);
    expect(name).toBe('日志保留');
    expect(seededSaved(zhCn, 'job', className, seededNames.job[className], name)).toBe(seededNames.job[className]);
  });

  it('saves an edit as typed, and a text a user already changed as it is', () => {
    expect(seededSaved(zhCn, 'jobRemark', className, remark, '每晚清理日志')).toBe('每晚清理日志');
    expect(seededShown(zhCn, 'jobRemark', className, 'Our own remark')).toBe('Our own remark');
    expect(seededSaved(zhCn, 'jobRemark', className, 'Our own remark', 'Our own remark')).toBe('Our own remark');
    // A new job has nothing stored: what is typed, even when it reads like a seeded text.
    expect(seededSaved(zhCn, 'job', className, null, '日志清理')).toBe('日志清理');
  });
});
