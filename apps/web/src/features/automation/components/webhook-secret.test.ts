// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { webhookCreateSchema, webhookSecretSchema } from '@casedesk/shared';
import { headerRowsOf, headersOf, newWebhookSecret, secretToSend } from './webhook-secret';

describe('the webhook secret made in the browser', () => {
  it('is whsec_ and 32 random bytes in base64, as the shared schema takes it', () => {
    const secret = newWebhookSecret();
    expect(webhookSecretSchema.safeParse(secret).success).toBe(true);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('encodes the bytes it is given', () => {
    expect(newWebhookSecret((bytes) => bytes.fill(255))).toBe(`whsec_${Buffer.alloc(32, 255).toString('base64')}`);
  });

  it('is sent when created or replaced, and left out of an edit that keeps it', () => {
    expect(secretToSend('whsec_abc', true)).toEqual({ secret: 'whsec_abc' });
    expect(secretToSend('', false)).toEqual({});
    expect(secretToSend('  ', false)).toEqual({});
    expect(secretToSend(' whsec_new ', false)).toEqual({ secret: 'whsec_new' });
    // A create without one is sent empty, so the server's (and the form's) rule names the field.
    expect(secretToSend('', true)).toEqual({ secret: '' });
  });

  it('turns header rows into the object the API takes, leaving empty rows out', () => {
    const headers = headersOf([
      { name: ' Authorization ', value: 'Bearer x' },
      { name: '', value: 'lost' },
      { name: 'X-Team', value: '' },
    ]);
    expect(headers).toEqual({ Authorization: 'Bearer x', 'X-Team': '' });
    expect(headerRowsOf(headers)).toEqual([
      { name: 'Authorization', value: 'Bearer x' },
      { name: 'X-Team', value: '' },
    ]);
    const body = { name: 'Chat', url: 'https://chat.example.com/hook', headers, secret: newWebhookSecret() };
    expect(webhookCreateSchema.safeParse(body).success).toBe(true);
  });
});
