import { act, useState } from 'react';
import type { Root } from 'react-dom/client';
import i18n from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { moneySchema } from '@casedesk/shared';
import { DecimalInput } from './DecimalInput';
import { useJsdomBrowser, mountRoot } from '../jsdom-browser.fixture';

beforeAll(async () => {
  useJsdomBrowser();
  await i18n.init({ lng: 'zh-tw', lowerCaseLng: true, resources: {} });
});

let root: Root;
let host: HTMLDivElement;
let held: string[];

/** A form field's part: the value the form holds, set back into the input as a form does. */
function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <DecimalInput
      value={value}
      onChange={(next) => {
        held.push(next);
        setValue(next);
      }}
    />
  );
}

beforeEach(() => {
  held = [];
  ({ root, host } = mountRoot());
});

const input = () => host.querySelector<HTMLInputElement>('input')!;

function type(text: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setValue.call(input(), text);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('DecimalInput', { timeout: 60_000 }, () => {
  it('shows what is typed with grouping and holds the plain decimal the schema and the server take', () => {
    act(() => root.render(<Harness />));
    type('1,234.56');
    expect(held.at(-1)).toBe('1234.56');
    expect(input().value).toBe('1,234.56');
    expect(moneySchema.safeParse(held.at(-1)).data).toBe('1234.56');
  });

  it('hands on text that is no number as typed, for the schema to refuse', () => {
    act(() => root.render(<Harness />));
    type('1,23');
    expect(held.at(-1)).toBe('1,23');
    expect(moneySchema.safeParse(held.at(-1)).success).toBe(false);
  });

  it('shows a value set from outside as it is', () => {
    act(() => root.render(<Harness initial="99.5" />));
    expect(input().value).toBe('99.5');
    expect(input().inputMode).toBe('decimal');
  });
});
