import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { useScreenTest } from '../../../platform/screen-test.fixture';
import zhTw from '../locales/zh-tw.json';
import { TriggerName } from './TriggerName';

// The trigger log names a run's trigger; one deleted since by the name it had, worded as deleted (never "#id").

const mount = useScreenTest('zh-tw');
const words = zhTw.automation.log;

describe('TriggerName', () => {
  it('shows the name, and a deleted trigger by its last name or as a deleted trigger', () => {
    expect(
      mount(createElement(TriggerName, { run: { triggerName: '緊急轉值班', triggerDeleted: false } })).textContent,
    ).toBe('緊急轉值班');
    expect(
      mount(createElement(TriggerName, { run: { triggerName: '舊規則', triggerDeleted: true } })).textContent,
    ).toBe(words.deletedTrigger.replace('{{name}}', '舊規則'));
    expect(mount(createElement(TriggerName, { run: { triggerName: '', triggerDeleted: true } })).textContent).toBe(
      words.deletedTriggerUnnamed,
    );
  });
});
