// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seededDictionaryItems } from '@casedesk/shared';
import { dictionaryValueLabel } from './dictionary-labels';

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
          const label = dictionaryValueLabel(code, seeded(code), item.value, language, t);
          expect(label, `${language} ${code}.${item.key}`).toBe(t(`seed.dictionaryItem.${code}.${item.key}`));
          expect(label).not.toBe(item.value);
          expect(label).not.toMatch(/^seed\./);
        }
      }
    });

  it('shows the simplified and traditional words of one item', () => {
    const items = seeded('paymentMethod');
    expect(dictionaryValueLabel('paymentMethod', items, 'Bank transfer', 'zh-cn', translator('zh-cn'))).toBe(
      '银行转账',
    );
    expect(dictionaryValueLabel('paymentMethod', items, 'Bank transfer', 'zh-tw', translator('zh-tw'))).toBe(
      '銀行轉帳',
    );
    expect(dictionaryValueLabel('paymentMethod', items, 'Bank transfer', 'en', translator('en'))).toBe('Bank transfer');
  });

  it('shows an item an admin renamed as written, and a value no item holds as stored', () => {
    const t = translator('zh-cn');
    const items = [{ key: 'cash', name: 'Petty cash', value: 'Cash' }];
    expect(dictionaryValueLabel('paymentMethod', items, 'Cash', 'zh-cn', t)).toBe('Petty cash');
    expect(dictionaryValueLabel('paymentMethod', items, 'Barter', 'zh-cn', t)).toBe('Barter');
    expect(dictionaryValueLabel('paymentMethod', items, null, 'zh-cn', t)).toBe('—');
    expect(dictionaryValueLabel('paymentMethod', items, '', 'zh-cn', t)).toBe('—');
  });

  it('shows an item by its name in the reader’s language, else by its other names', () => {
    const own = [{ key: 'gold', name: 'Gold', nameZhCn: '黄金', nameZhTw: '黃金', value: 'Gold' }];
    expect(dictionaryValueLabel('tier', own, 'Gold', 'en', translator('en'))).toBe('Gold');
    expect(dictionaryValueLabel('tier', own, 'Gold', 'zh-cn', translator('zh-cn'))).toBe('黄金');
    expect(dictionaryValueLabel('tier', own, 'Gold', 'zh-tw', translator('zh-tw'))).toBe('黃金');
    // Only a Simplified name: a Traditional reader reads the default name; a blank one is none.
    const half = [{ key: 'gold', name: 'Gold', nameZhCn: '黄金', nameZhTw: ' ', value: 'Gold' }];
    expect(dictionaryValueLabel('tier', half, 'Gold', 'zh-tw', translator('zh-tw'))).toBe('Gold');
    // A seeded item given a Chinese name reads it; without one, its seeded words.
    const cash = { key: 'cash', name: 'Cash', value: 'Cash' };
    expect(
      dictionaryValueLabel('paymentMethod', [{ ...cash, nameZhCn: '备用金' }], 'Cash', 'zh-cn', translator('zh-cn')),
    ).toBe('备用金');
    expect(
      dictionaryValueLabel('paymentMethod', [{ ...cash, nameZhCn: '备用金' }], 'Cash', 'zh-tw', translator('zh-tw')),
    ).toBe(translator('zh-tw')('seed.dictionaryItem.paymentMethod.cash'));
  });
});
