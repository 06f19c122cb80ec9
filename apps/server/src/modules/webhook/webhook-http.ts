import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { msg, webhookMessages, type Message } from '@casedesk/shared';

/** What one POST to a receiver came to: its status (null: no answer), the start of its body, or what went wrong. */
export type PostOutcome = {
  status: number | null;
  body: string | null;
  /** Keyed, so that the delivery log words it in its reader's language. */
  error: Message | null;
  durationMs: number;
  /** A redirect's target (not followed). */
  location?: string;
};

export type PostOptions = {
  /** The address `resolveTarget` checked: the connection goes there, whatever DNS would answer now. */
  address: string;
  family: 4 | 6;
  timeoutMs: number;
  /** At most this many characters of the answer are read; the rest of the stream is cancelled. */
  excerpt: number;
};

/**
 * One POST with node's own client: no redirects followed (a 3xx is an answer like any other, judged by the caller),
 * no pooled connections (each send resolves and checks anew), one timeout over the whole exchange (connect, answer
 * and the part of the body read).
 */
export function postJson(url: URL, headers: Record<string, string>, body: string, options: PostOptions) {
  const started = performance.now();
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all)
      (callback as unknown as (e: null, list: { address: string; family: number }[]) => void)(null, [
        { address: options.address, family: options.family },
      ]);
    else callback(null, options.address, options.family);
  };
  return new Promise<PostOutcome>((resolve) => {
    let status: number | null = null;
    let location: string | undefined;
    let text = '';
    let settled = false;
    const finish = (error: Message | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        status,
        body: status === null ? null : text,
        error,
        durationMs: Math.round(performance.now() - started),
        ...(location ? { location } : {}),
      });
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      agent: false,
      lookup: pinned,
    });
    const timer = setTimeout(() => {
      finish(msg(webhookMessages, 'timeout', { seconds: options.timeoutMs / 1000 }));
      request.destroy();
    }, options.timeoutMs);
    request.on('response', (response) => {
      status = response.statusCode ?? null;
      location = response.headers.location;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        if (text.length >= options.excerpt) {
          text = text.slice(0, options.excerpt);
          finish(null);
          response.destroy(); // the rest is not read
        }
      });
      response.on('end', () => finish(null));
      response.on('error', (error) => finish(msg(webhookMessages, 'connectionFailed', { detail: error.message })));
      response.on('close', () => finish(null));
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish(
        msg(webhookMessages, 'connectionFailed', {
          detail: error.code ? `${error.code}: ${error.message}` : error.message,
        }),
      ),
    );
    request.end(body);
  });
}
