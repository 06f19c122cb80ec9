import { describe, expect, it } from 'vitest';
import { insertAt, placeholder } from './insert-at-cursor';
import { normaliseVariables } from '../api';

describe('insertAt', () => {
  it('replaces the selection and puts the cursor after the insert', () => {
    expect(insertAt('Hello world', placeholder('user.name'), 6, 11)).toEqual({
      text: 'Hello {{ user.name }}',
      cursor: 21,
    });
  });
  it('inserts at the cursor without a selection, and clamps positions outside the text', () => {
    expect(insertAt('ab', 'X', 1, 1)).toEqual({ text: 'aXb', cursor: 2 });
    expect(insertAt('ab', 'X', 9, 12)).toEqual({ text: 'abX', cursor: 3 });
  });
});

describe('template variables', () => {
  it('reads names, objects and grouped lists alike', () => {
    expect(normaliseVariables(['ticket.caseNumber'])).toEqual([{ name: 'ticket.caseNumber' }]);
    expect(
      normaliseVariables({ ticket: [{ name: 'ticket.subject', description: 'Subject' }], user: ['user.name'] }),
    ).toEqual([{ name: 'ticket.subject', description: 'Subject', example: undefined }, { name: 'user.name' }]);
    expect(
      normaliseVariables([
        { name: 'ticket.link', description: { en: 'Link', 'zh-cn': '链接' }, events: ['ticketCreated'] },
      ]),
    ).toEqual([
      {
        name: 'ticket.link',
        description: { en: 'Link', 'zh-cn': '链接' },
        example: undefined,
        events: ['ticketCreated'],
      },
    ]);
    expect(normaliseVariables([{ key: '{{ticket.link}}' }])).toEqual([
      { name: 'ticket.link', description: undefined, example: undefined },
    ]);
  });
});
