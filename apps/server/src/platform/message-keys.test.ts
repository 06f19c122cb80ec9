import { beforeAll, describe, expect, it } from 'vitest';
import {
  industryMessages,
  menuMessages,
  messageRefOf,
  messageValueHomes,
  messages,
  msg,
  ticketMessages,
  validationMessages,
  valueLabels,
  workflowMessages,
} from '@casedesk/shared';
import { conflict } from './errors.js';
import { translateText } from './translator.js';
import { createUser, signIn, useTestApp } from '../../test/helpers.js';

const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
const withKeys = { 'message-keys': '1' };
let token: string;

beforeAll(async () => {
  const admin = await createUser(ctx, { roles: ['admin'] });
  token = (await signIn(ctx, admin)).token;
});

const addIndustry = async (code: string, parentId?: number) => {
  const response = await ctx.call('POST', '/api/Industry/Add', { token, body: { code, name: code, parentId } });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as { id: number; rowVersion: number };
};

describe('message keys of the shared catalogs', () => {
  it('names every plain text <catalog>.<name> and a built text with its values', () => {
    expect(messageRefOf(messages.staleRowVersion)).toEqual({ key: 'common.staleRowVersion' });
    expect(messageRefOf(menuMessages.parentCycle)).toEqual({ key: 'menu.parentCycle' });
    expect(messageRefOf(menuMessages.nameTaken('Tickets'))).toEqual({
      key: 'menu.nameTaken',
      values: { name: 'Tickets' },
    });
    expect(messageRefOf(ticketMessages.inUse('project', 4))).toEqual({
      key: 'ticket.inUse',
      values: { label: 'project', count: 4 },
    });
    expect(messageRefOf('Some text of no catalog')).toBeUndefined();
  });
});

describe('refusals keyed where they are thrown (msg)', () => {
  it('builds the English text forward from the key and values', () => {
    expect(msg(messages, 'staleRowVersion')).toEqual({ key: 'common.staleRowVersion', text: messages.staleRowVersion });
    expect(msg(menuMessages, 'nameTaken', { name: 'Tickets' })).toEqual({
      key: 'menu.nameTaken',
      values: { name: 'Tickets' },
      text: menuMessages.nameTaken('Tickets'),
    });
    expect(msg(workflowMessages, 'noApprovers', { node: 'Boss' })).toMatchObject({
      key: 'workflow.noApprovers',
      text: 'Node "Boss": choose who approves.',
    });
  });

  it('gives the AppError its key without searching the catalogs', () => {
    const error = conflict(msg(ticketMessages, 'inUse', { label: 'project', count: 4 }));
    expect(error.message).toBe(ticketMessages.inUse('project', 4));
    expect(error.messageRef).toEqual({ key: 'ticket.inUse', values: { label: 'project', count: 4 } });
  });

  it('refuses an object that is not a catalog', () => {
    expect(() => msg({ a: 'x' } as never, 'a' as never)).toThrow(/not a message catalog/);
  });
});

describe('fixed values in refusals', () => {
  it('words a ticket status in each language, English included', () => {
    const thrown = msg(ticketMessages, 'statusNotAllowed', { from: 'InProgress', to: 'New' });
    expect(thrown.text).toBe('A ticket in status InProgress cannot be changed to New.');
    expect(translateText('en', thrown.text, thrown)).toBe('A ticket in status In progress cannot be changed to New.');
    expect(translateText('zh-cn', thrown.text, thrown)).toBe('状态为 处理中 的工单不能改为 新建。');
    expect(translateText('zh-tw', thrown.text, thrown)).toBe('狀態為 處理中 的工單不能改為 新建。');
    // Where the words of those values live is where the value labels say (messageValueHomes names them by hand).
    expect(messageValueHomes['ticket.statusNotAllowed']).toEqual({
      from: valueLabels.ticketStatus.key,
      to: valueLabels.ticketStatus.key,
    });
    expect(messageValueHomes['invoice.wrongStatus']?.status).toBe(valueLabels.invoiceStatus.key);
    expect(messageValueHomes['requisition.notEditable']?.status).toBe(valueLabels.requisitionStatus.key);
    // A prefix it was thrown with (a batch's row) is kept.
    expect(translateText('en', `Row 3: ${thrown.text}`, thrown)).toBe(
      'Row 3: A ticket in status In progress cannot be changed to New.',
    );
  });
});

describe('error envelope with message keys', () => {
  it('carries no key unless the request asks for keys', async () => {
    const parent = await addIndustry('KEYS-A');
    await addIndustry('KEYS-A1', parent.id);
    const plain = await ctx.call('POST', `/api/Industry/Delete/${parent.id}`, { token, body: {} });
    expect(plain.status).toBe(409);
    expect(plain.body).toEqual({ resultCode: 409, resultMsg: industryMessages.hasChildren(1), data: null });

    const keyed = await ctx.call('POST', `/api/Industry/Delete/${parent.id}`, { token, body: {}, headers: withKeys });
    expect(keyed.body).toEqual({
      resultCode: 409,
      resultMsg: industryMessages.hasChildren(1),
      data: null,
      messageKey: 'industry.hasChildren',
      messageValues: { count: 1 },
    });
  });

  it('gives the key of a fixed text (a stale rowVersion)', async () => {
    const industry = await addIndustry('KEYS-B');
    const body = { id: industry.id, code: 'KEYS-B', name: 'B', rowVersion: industry.rowVersion + 5 };
    const stale = await ctx.call('POST', '/api/Industry/Update', { token, body, headers: withKeys });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ resultMsg: messages.staleRowVersion, messageKey: 'common.staleRowVersion' });
  });

  it('gives each field error the key of its text', async () => {
    const response = await ctx.call('POST', '/api/User/Add', {
      token,
      headers: withKeys,
      body: { loginName: 'keys.weak', realName: 'Weak', password: 'short', needToChangePwd: true, roles: [] },
    });
    expect(response.status).toBe(400);
    const errors = (response.body.data as { errors: { field: string; messageKey?: string }[] }).errors;
    expect(errors).toContainEqual(
      expect.objectContaining({ field: 'password', message: messages.passwordRule, messageKey: 'common.passwordRule' }),
    );
  });

  it('gives a field error the key and values it was thrown with, without the header none of them', async () => {
    const menu = {
      path: '/keys/menu',
      name: 'KeysMenu',
      component: 'keys/menu/index',
      title: 'Keys',
      titles: { en: 'Keys', 'zh-cn': '键', 'zh-tw': '鍵' },
    };
    expect((await ctx.call('POST', '/api/Menu/Add', { token, body: menu })).status).toBe(200);
    const again = { ...menu, path: '/keys/other' };
    const keyed = await ctx.call('POST', '/api/Menu/Add', { token, body: again, headers: withKeys });
    expect(keyed.status).toBe(400);
    expect(keyed.body).toMatchObject({
      resultMsg: menuMessages.nameTaken('KeysMenu'),
      messageKey: 'menu.nameTaken',
      messageValues: { name: 'KeysMenu' },
      data: {
        errors: [
          {
            field: 'name',
            message: menuMessages.nameTaken('KeysMenu'),
            messageKey: 'menu.nameTaken',
            messageValues: { name: 'KeysMenu' },
          },
        ],
      },
    });
    const plain = await ctx.call('POST', '/api/Menu/Add', { token, body: again });
    expect(plain.body).toEqual({
      resultCode: 400,
      resultMsg: menuMessages.nameTaken('KeysMenu'),
      data: { errors: [{ field: 'name', message: menuMessages.nameTaken('KeysMenu') }] },
    });
  });

  it('keys a refusal that used to be a bare sentence, its English text unchanged', async () => {
    const response = await ctx.call('POST', '/api/Industry/Add', {
      token,
      headers: withKeys,
      body: { code: 'KEYS-D', name: 'D', parentId: 2_000_000 },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      resultMsg: industryMessages.parentUnknown,
      messageKey: 'industry.parentUnknown',
    });
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/Industry/Add',
      payload: '{"code":',
      headers: {
        ...withKeys,
        'content-type': 'application/json',
        'auth-token': ctx.newAuthToken(),
        authorization: `Bearer ${token}`,
      },
    });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.parse(malformed.body)).toMatchObject({
      resultMsg: 'Malformed JSON body',
      messageKey: 'common.malformedJson',
    });
  });

  it('keys the refusals of the schemas too, each naming its field by its label', async () => {
    const response = await ctx.call('POST', '/api/Industry/Add', {
      token,
      headers: withKeys,
      body: { code: 'KEYS-C', name: 7, unknownField: 1 },
    });
    expect(response.status).toBe(400);
    const errors = (response.body.data as { errors: { field: string; messageKey?: string }[] }).errors;
    expect(errors).toEqual([
      {
        field: 'name',
        message: 'Name must be text.',
        messageKey: 'validation.notText',
        messageValues: { field: 'Name' },
      },
      { field: 'unknownField', message: validationMessages.unknownField, messageKey: 'validation.unknownField' },
    ]);
    expect(response.body).toMatchObject({ messageKey: 'validation.notText', messageValues: { field: 'Name' } });
  });

  it("gives a framework's own words about an unreadable request a key, and another language the catalog's sentence", async () => {
    const unreadable = (language: string) =>
      // Sign-in, as nobody: the language is the header's.
      ctx.app.inject({
        method: 'POST',
        url: '/api/token/Login',
        headers: {
          ...withKeys,
          'accept-language': language,
          'auth-token': ctx.newAuthToken(),
          'content-type': 'application/x-unknown',
        },
        payload: 'x',
      });
    const english = await unreadable('en');
    expect(english.statusCode).toBe(400);
    expect(JSON.parse(english.body)).toMatchObject({ messageKey: 'common.unreadableRequest' });
    expect(JSON.parse(english.body).resultMsg).toMatch(/media type/i);
    expect(JSON.parse((await unreadable('zh-CN')).body).resultMsg).toBe('无法读取请求内容。');
  });
});
