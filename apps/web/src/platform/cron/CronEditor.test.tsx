import { act, useState } from 'react';
import type { Root } from 'react-dom/client';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import en from './locales/en.json';
import { CronEditor } from './CronEditor';
import { useJsdomBrowser, mountRoot } from '../jsdom-browser.fixture';

beforeAll(async () => {
  useJsdomBrowser();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});

let root: Root;
let host: HTMLDivElement;
let changes: string[];

function Harness({ initial }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <App>
      <CronEditor
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    </App>
  );
}

beforeEach(() => {
  changes = [];
  ({ root, host } = mountRoot());
});

const textBox = () => host.querySelector<HTMLInputElement>('input.cron-text')!;
const nextRuns = () => host.querySelectorAll('.cron-next-run');

function type(text: string) {
  const input = textBox();
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    input.focus();
    setValue.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

// Ant Design's first render in jsdom is slow on a busy machine; no test here waits on a clock.
describe('CronEditor', { timeout: 60_000 }, () => {
  it('starts from the default and shows its next five runs', () => {
    act(() => root.render(<Harness />));
    expect(textBox().value).toBe('* * * * * ?');
    expect(nextRuns()).toHaveLength(5);
  });

  it('passes a typed expression on as typed and previews it', () => {
    act(() => root.render(<Harness />));
    type('*/2 * * * * ?');
    expect(changes.at(-1)).toBe('*/2 * * * * ?');
    expect(nextRuns()).toHaveLength(5);
  });

  it('passes a garbage text on as typed, marked invalid with the reason, and never turns it into the default', () => {
    act(() => root.render(<Harness initial="0 0 0 * * ?" />));
    type('banana');
    expect(changes.at(-1)).toBe('banana');
    expect(textBox().getAttribute('aria-invalid')).toBe('true');
    expect(host.querySelector('.cron-problem')?.textContent).toContain('6 or 7 parts');
    act(() => textBox().blur());
    expect(textBox().value).toBe('banana');
    expect(changes).not.toContain('* * * * * ?');
    expect(nextRuns()).toHaveLength(0);
    type('0 0 0 * * ?');
    expect(textBox().getAttribute('aria-invalid')).toBe('false');
  });

  it('names the field at fault for a text the server would refuse', () => {
    act(() => root.render(<Harness />));
    type('0 0 0 32 * ?');
    expect(host.querySelector('.cron-problem')?.textContent).toContain('32');
    expect(nextRuns()).toHaveLength(0);
  });

  it('writes a mode chosen in a tab into the text', () => {
    act(() => root.render(<Harness initial="0 0 0 * * ?" />));
    const stepRadio = host.querySelector<HTMLInputElement>('.cron-field-second input[type=radio][value=step]')!;
    act(() => stepRadio.click());
    expect(changes.at(-1)).toBe('0/1 0 0 * * ?');
    const lastDay = () => host.querySelector<HTMLInputElement>('.cron-field-day input[type=radio][value=lastDay]');
    act(() => host.querySelectorAll<HTMLElement>('.ant-tabs-tab-btn')[3]!.click());
    act(() => lastDay()!.click());
    expect(changes.at(-1)).toBe('0/1 0 0 L * ?');
  });
});
