// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seededDictionaryItems } from '@casedesk/shared';
import { dictionaryItemName, dictionaryValueLabel } from './dictionary-labels';

type Tree = { [key: string]: string | Tree };
/** `t` over one of the seeded names' locale files: the text at a dotted key, or the key itself when there is none. */
function translator(language: string): (key: string) => string {
  const tree = JSON.parse(readFileSync(new URL(`./locales/${language}.json`, import.meta.url), 'utf8')) as Tree;
  return (key) => {
    const found = key
      .split('.')
      .reduce<string | Tree | undefined>((at, part) => (typeof at === 'object' ? at[part] : undefined), tree);
    return typeof found === 'string' ? found : key;
  };
}

// As the seeds write them: the item's value is its English name (a vendor stores "Bank transfer").
const seeded = (code: 'paymentMethod' | 'paymentTerm' | 'taskCategory' | 'businessUnit') =>
  seededDictionaryItems(code).map(({ key, name }) => ({ key, name, value: name }));

describe('a stored dictionary value reads in the reader’s language', () => {
  for (const code of ['paymentMethod', 'paymentTerm', 'taskCategory', 'businessUnit'] as const)
    it(`every seeded ${code} item has a Chinese label other than its English value`, () => {
      for (const language of ['zh-cn', 'zh-tw']) {
        const t = translator(language);
        for (const item of seeded(code)) {
          const label = dictionaryValueLabel(code, seeded(code), item.value, t);
          expect(label, `${language} ${code}.${item.key}`).toBe(t(`seed.dictionaryItem.${code}.${item.key}`));
          expect(label).not.toBe(item.value);
          expect(label).not.toMatch(/^seed\./);
        }
      }
    });

  it('shows the simplified and traditional words of one item', () => {
    const items = seeded('paymentMethod');
    expect(dictionaryValueLabel('paymentMethod', items, 'Bank transfer', translator('zh-cn'))).toBe('银行转账');
    expect(dictionaryValueLabel('paymentMethod', items, 'Bank transfer', translator('zh-tw'))).toBe('銀行轉帳');
    expect(dictionaryValueLabel('paymentMethod', items, 'Bank transfer', translator('en'))).toBe('Bank transfer');
  });

  it('shows an item an admin renamed as written, and a value no item holds as stored', () => {
    const t = translator('zh-cn');
    const items = [{ key: 'cash', name: 'Petty cash', value: 'Cash' }];
    expect(dictionaryValueLabel('paymentMethod', items, 'Cash', t)).toBe('Petty cash');
    expect(dictionaryItemName('paymentMethod', items[0]!, t)).toBe('Petty cash');
    expect(dictionaryValueLabel('paymentMethod', items, 'Barter', t)).toBe('Barter');
    expect(dictionaryValueLabel('paymentMethod', items, null, t)).toBe('—');
    expect(dictionaryValueLabel('paymentMethod', items, '', t)).toBe('—');
  });
});
