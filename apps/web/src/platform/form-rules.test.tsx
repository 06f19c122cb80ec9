import { act, createElement } from 'react';
import { Form, Input, type FormInstance } from 'antd';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { requiredRule } from './form-rules';
import { useJsdomBrowser, mountRoot } from './jsdom-browser.fixture';
import platformEn from './locales/en.json';

beforeAll(async () => {
  useJsdomBrowser();
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: platformEn } },
    interpolation: { escapeValue: false },
  });
});

/** The errors a one-field form shows for `value` under `rule`. */
async function errorsFor(value: unknown, rule: ReturnType<typeof requiredRule>): Promise<string[]> {
  let form: FormInstance | undefined;
  function Host() {
    const [instance] = Form.useForm();
    form = instance;
    return createElement(
      Form,
      { form: instance, initialValues: { field: value } },
      createElement(Form.Item, { name: 'field', label: 'Project', rules: [rule] }, createElement(Input)),
    );
  }
  const { root } = mountRoot();
  act(() => root.render(createElement(Host)));
  await act(async () => {
    await form!.validateFields().catch(() => undefined);
  });
  return form!.getFieldError('field');
}

describe('requiredRule', () => {
  it('names the field when it is empty, and takes a picked id (a number) or a text', async () => {
    expect(await errorsFor(undefined, requiredRule())).toEqual(['Project is required.']);
    expect(await errorsFor(null, requiredRule('Vendor'))).toEqual(['Vendor is required.']);
    expect(await errorsFor(7, requiredRule())).toEqual([]);
    expect(await errorsFor('Helpdesk', requiredRule())).toEqual([]);
  });

  it('refuses blanks only when asked to', async () => {
    expect(await errorsFor('  ', requiredRule())).toEqual([]);
    expect(await errorsFor('  ', requiredRule(undefined, { whitespace: true }))).toEqual(['Project is required.']);
  });
});
