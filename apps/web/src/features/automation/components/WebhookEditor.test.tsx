import { act, createElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { webhookSecretSchema, type Webhook } from '@casedesk/shared';
import { resourceKeys } from '../../../platform/crud/resource-api';
import { useScreenTest } from '../../../platform/screen-test.fixture';
import en from '../locales/en.json';
import { WebhookEditor } from './WebhookEditor';

const mount = useScreenTest('en');
const words = en.automation.webhook;

const stored: Webhook = {
  id: 5,
  rowVersion: 2,
  name: 'Chat',
  url: 'https://chat.example.com/hook',
  events: ['ticket.created'],
  headers: { Authorization: 'Bearer x' },
  status: 'Active',
  secretSet: true,
  failingSince: null,
  disabledByFailures: false,
  lastDeliveryAt: null,
  lastResponseStatus: null,
  createdAt: '2026-11-30T09:00:00Z',
  createdBy: 1,
  modifiedAt: '2026-11-30T09:00:00Z',
  modifiedBy: 1,
};

function render(id: number | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(resourceKeys('Webhook').detail(5), stored);
  mount(
    createElement(
      QueryClientProvider,
      { client },
      createElement(App, null, createElement(WebhookEditor, { id, onClose: () => undefined })),
    ),
  );
}
const secretInput = () => document.querySelector<HTMLInputElement>('input.webhook-secret')!;

describe('the webhook secret is written, never read back', () => {
  it('makes a new secret in the browser when a webhook is created, shown with a copy button', async () => {
    render(null);
    await vi.waitFor(() => expect(secretInput()).toBeTruthy(), { timeout: 15_000 });
    const made = secretInput().value;
    expect(webhookSecretSchema.safeParse(made).success).toBe(true);
    expect(document.body.textContent).toContain(words.secretOnce);
    expect(document.querySelector('.webhook-copy')).not.toBeNull();
    const generate = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes(words.generate))!;
    act(() => generate.click());
    expect(secretInput().value).not.toBe(made);
    expect(webhookSecretSchema.safeParse(secretInput().value).success).toBe(true);
  });

  it('leaves the field empty on an edit and says that empty keeps the secret', async () => {
    render(5);
    await vi.waitFor(() => expect(document.querySelector<HTMLInputElement>('#name')?.value).toBe('Chat'), {
      timeout: 15_000,
    });
    expect(secretInput().value).toBe('');
    expect(secretInput().placeholder).toBe(words.secretPlaceholder);
    expect(document.body.textContent).toContain(words.secretKeep);
    expect(document.querySelector('.webhook-copy')).toBeNull();
    const headerInputs = [...document.querySelectorAll<HTMLInputElement>('.webhook-header-row input')];
    expect(headerInputs.map((i) => i.value)).toEqual(['Authorization', 'Bearer x']);
  });
});
