import { act, createElement, type ComponentType, type ReactElement } from 'react';
import type { Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allPermissionCodes, type Settings } from '@casedesk/shared';
import { BasicTab } from '../../features/system/settings/components/BasicTab';
import { HolidayReminderForm } from '../../features/system/settings/components/HolidayReminderForm';
import { HolidayTab } from '../../features/system/settings/components/HolidayTab';
import { LogTab } from '../../features/system/settings/components/LogTab';
import { PersonalTokens } from '../../features/system/settings/components/PersonalTokens';
import { ThirdPartyTab } from '../../features/system/settings/components/ThirdPartyTab';
import { TogglesTab } from '../../features/system/settings/components/TogglesTab';
import { TokenTab } from '../../features/system/settings/components/TokenTab';
import { UploadTab } from '../../features/system/settings/components/UploadTab';
import { clearSession, startSession } from '../auth-store';
import { languages, type Language } from '../i18n';
import { useJsdomBrowser, mountRoot } from '../jsdom-browser.fixture';
import { startWithAllTexts } from '../all-texts.fixture';
import { testUser } from '../user-info.fixture';

/**
 * Contract section 18 in the browser: every editor of the features (the kit's drawers, found by name, so a new one
 * is covered here) is saved empty in each language. What it shows under its fields must name the field in the
 * user's language, once: never the validation library's words, a message key, a field's code name or the bare
 * "Required" that does not say what.
 */
const editorModules = import.meta.glob<Record<string, unknown>>(
  ['../../features/**/components/*Editor.tsx', '../openItem/OpenItemEditor.tsx'],
  { eager: true },
);
type EditorProps = { id: null; onClose: () => void; parentId: null; parent: null; tree: []; ticketId: number };
const editors = Object.entries(editorModules).flatMap(([path, module]) =>
  Object.entries(module)
    .filter(([name, value]) => /^[A-Z]\w*Editor$/.test(name) && typeof value === 'function')
    .map(([name, value]) => ({
      name: `${path.split('/').at(-1)}: ${name}`,
      Editor: value as ComponentType<EditorProps>,
    })),
);

const libraryWords =
  /Invalid input|Invalid option|expected|received|Too small|Too big|Unknown field|NaN|Unrecognized key|无效输入|無效輸入/i;
const rawKey = /\b(validation|fields|messages|common)\.\w+|\{\{?\w+\}\}?|\$\{\w+\}/;
const codeName = /\b[a-z]+[A-Z]\w*\b/;
const cjk = /[\u3400-\u9fff]/;

beforeAll(async () => {
  useJsdomBrowser();
  // Nothing is saved: a request that got past the form would wait for ever, not fail the test with a network error.
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
  await startWithAllTexts();
  startSession({ token: 't', exp: 0, refreshToken: 'r' }, { ...testUser, authBtnList: [...allPermissionCodes] });
});

afterAll(() => {
  clearSession();
  vi.unstubAllGlobals();
});

let root: Root | undefined;

const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

function show(Editor: ComponentType<EditorProps>) {
  const props: EditorProps = {
    id: null,
    onClose: () => undefined,
    parentId: null,
    parent: null,
    tree: [],
    ticketId: 1,
  };
  mount(createElement(Editor, props));
}

function mount(element: ReactElement) {
  ({ root } = mountRoot());
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    root!.render(
      createElement(
        QueryClientProvider,
        { client },
        createElement(MemoryRouter, null, createElement(App, null, element)),
      ),
    ),
  );
}

// An error being replaced stays in the page while it fades out (for ever in jsdom): only the current ones count.
const current = '.ant-form-item-explain-error:not([class*="-leave"])';
const errorTexts = () => [...document.querySelectorAll(current)].map((e) => e.textContent).join('\n');

const footers = '.ant-drawer-footer .ant-btn-primary, .ant-modal-footer .ant-btn-primary';

/** Saves the form as it is (its Save button: the last one `saveButton` finds) and reads the errors each form item
 * shows, by the item's label and place. */
async function saveAndRead(saveButton = footers): Promise<Map<string, string[]>> {
  await settle();
  const save = [...document.querySelectorAll<HTMLButtonElement>(saveButton)].at(-1);
  if (!save) throw new Error('no Save button');
  // The errors of the language before stay until the new ones are in: wait for a change (or a while).
  const before = errorTexts();
  await act(async () => save.click());
  for (let i = 0; i < 50 && errorTexts() === before; i++) await settle();
  await settle();
  const shown = new Map<string, string[]>();
  for (const [index, item] of [...document.querySelectorAll('.ant-form-item')].entries()) {
    const errors = [...item.querySelectorAll(current)].map((e) => e.textContent ?? '');
    const label = item.querySelector('.ant-form-item-label')?.textContent ?? '(no label)';
    if (errors.length > 0) shown.set(`${label} (item ${index + 1})`, errors);
  }
  return shown;
}

const generic = new Set(['Required', '必填', '必填项', '必填項']);

/** What is wrong with what an editor shows after an empty Save, for a reader of `language`. */
function problemsOf(shown: Map<string, string[]>, language: Language): string[] {
  const problems: string[] = [];
  for (const [label, errors] of shown) {
    if (new Set(errors).size < errors.length) problems.push(`${label}: shown twice: ${errors.join(' / ')}`);
    for (const text of errors) {
      const problem = generic.has(text.trim())
        ? 'does not name the field'
        : libraryWords.test(text)
          ? 'library words'
          : rawKey.test(text)
            ? 'raw key'
            : codeName.test(text)
              ? 'code name'
              : language !== 'en' && !cjk.test(text)
                ? 'not in the language'
                : undefined;
      if (problem) problems.push(`${label}: ${problem}: ${text}`);
    }
  }
  return problems;
}

const complaining = new Map<Language, number>();
const said: string[] = [];

describe('an editor saved empty', () => {
  it('finds the editors', () => {
    expect(editors.length).toBeGreaterThan(15);
  });

  it.each(editors)(
    '$name names each missing field, once, in each language',
    async ({ Editor }) => {
      show(Editor);
      const problems: string[] = [];
      for (const language of languages) {
        await act(() => i18n.changeLanguage(language));
        const shown = await saveAndRead();
        if (shown.size > 0) complaining.set(language, (complaining.get(language) ?? 0) + 1);
        said.push(...[...shown.values()].flat().map((text) => `${language} ${text}`));
        problems.push(...problemsOf(shown, language).map((problem) => `${language} ${problem}`));
      }
      expect(problems).toEqual([]);
    },
    60_000,
  );

  it('most editors refuse an empty Save, in every language, saying which field is missing', () => {
    for (const language of languages) expect(complaining.get(language) ?? 0, language).toBeGreaterThanOrEqual(10);
    // The scheduled ticket's subject, as contract section 18 words it.
    expect(said).toEqual(
      expect.arrayContaining(['en Subject is required.', 'zh-cn 主题为必填项。', 'zh-tw 主旨為必填項。']),
    );
  });
});

// Every group of the settings page read with nothing in it: each tab's form is then saved empty.
const noValue = { value: {}, rowVersion: 1, modifiedAt: null };
const emptySettings = {
  ...Object.fromEntries(
    ['basic', 'toggles', 'token', 'upload', 'log', 'holidayReminder', 'retention', 'thirdParty'].map((g) => [
      g,
      noValue,
    ]),
  ),
  // The reminder's picker reads the names of the users chosen: none.
  holidayReminder: { ...noValue, value: { userIds: [] } },
  holidays: [],
} as unknown as Settings;
const tab = { settings: emptySettings, reload: () => Promise.resolve() };
const settingsSave = (group: string) => `[data-testid="settings-save-${group}"]`;
const settingsForms: { name: string; element: ReactElement; save: string; open?: string }[] = [
  { name: 'Basic', element: createElement(BasicTab, tab), save: settingsSave('basic') },
  { name: 'Toggles', element: createElement(TogglesTab, tab), save: settingsSave('toggles') },
  { name: 'Token', element: createElement(TokenTab, tab), save: settingsSave('token') },
  { name: 'Upload', element: createElement(UploadTab, tab), save: settingsSave('upload') },
  { name: 'Log', element: createElement(LogTab, tab), save: settingsSave('log') },
  { name: 'Third party', element: createElement(ThirdPartyTab, tab), save: settingsSave('thirdParty') },
  { name: 'Holiday reminder', element: createElement(HolidayReminderForm, tab), save: settingsSave('holidayReminder') },
  {
    name: 'Holiday (add a day)',
    element: createElement(HolidayTab, tab),
    save: '.settings-holiday form:not(.settings-form) button[type="submit"]',
  },
  {
    name: 'Personal token (create)',
    element: createElement(PersonalTokens, { enabled: true }),
    open: '.settings-tokens > .ant-btn-primary',
    save: footers,
  },
];

describe('a settings form saved empty', () => {
  it.each(settingsForms)(
    '$name names each missing field by its label, once, in each language',
    async ({ element, save, open }) => {
      mount(element);
      if (open) await act(async () => document.querySelector<HTMLButtonElement>(open)!.click());
      const problems: string[] = [];
      for (const language of languages) {
        await act(() => i18n.changeLanguage(language));
        const shown = await saveAndRead(save);
        if (shown.size === 0) problems.push(`${language}: nothing refused`);
        problems.push(...problemsOf(shown, language).map((problem) => `${language} ${problem}`));
        // A labelled item's refusal says its label ("Slow SQL threshold is required.").
        for (const [item, errors] of shown) {
          const label = item.replace(/ \(item \d+\)$/, '');
          if (label === '(no label)') continue;
          for (const text of errors)
            if (!text.includes(label)) problems.push(`${language} ${item}: does not say its label: ${text}`);
        }
      }
      expect(problems).toEqual([]);
    },
    60_000,
  );

  it("names the holiday add form's fields by their placeholders", async () => {
    mount(createElement(HolidayTab, tab));
    const said: string[] = [];
    for (const language of languages) {
      await act(() => i18n.changeLanguage(language));
      const shown = await saveAndRead(settingsForms.find((f) => f.name.startsWith('Holiday ('))!.save);
      said.push(...[...shown.values()].flat().map((text) => `${language} ${text}`));
    }
    expect(said).toEqual(
      expect.arrayContaining(['en Date is required.', 'zh-cn 日期为必填项。', 'zh-tw 日期為必填項。']),
    );
  }, 60_000);
});
