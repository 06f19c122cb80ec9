import type { FastifyInstance } from 'fastify';
import type { BackgroundWork, ModuleContext } from '../../platform/module.js';
import { webhookOutboxChannel } from './webhook-outbox.service.js';
import { sendDueWebhooks, type WebhookSendOptions } from './webhook-send.service.js';

/**
 * The sender woken by the outbox: each process LISTENs on `webhook_outbox` (through the app's live hub) and sends
 * at once when a commit queued deliveries, so the lag is milliseconds; the `webhook.send` job sweeps every few
 * seconds for retries due and NOTIFYs missed. One pass at a time per process; a wake-up during a pass runs another.
 */
export function webhookWakeUp(
  app: FastifyInstance,
  ctx: ModuleContext,
  options: WebhookSendOptions = {},
): BackgroundWork {
  const log = app.log.child({ component: 'webhook-sender' });
  const batchSize = options.batchSize ?? 50;
  let stopped = false;
  let again = false;
  let running: Promise<void> | undefined;
  let unsubscribe: Promise<() => void> | undefined;

  const pass = async () => {
    do {
      again = false;
      try {
        const done = await sendDueWebhooks(ctx.db, { ...options, batchSize });
        if (done.delivered + done.retried + done.failed >= batchSize) again = true;
      } catch (error) {
        log.warn({ err: error }, 'webhook send pass failed');
      }
    } while (again && !stopped);
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => (running = undefined));
  };

  return {
    start() {
      if (unsubscribe || stopped) return;
      unsubscribe = ctx.live.subscribeAll(webhookOutboxChannel, wake);
      unsubscribe.then(wake, (error: unknown) => log.warn({ err: error }, 'webhook outbox LISTEN failed'));
    },
    async stop() {
      stopped = true;
      const off = await unsubscribe?.catch(() => undefined);
      off?.();
      await running;
    },
  };
}
