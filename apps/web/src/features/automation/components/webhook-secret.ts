/** A new webhook secret made in the browser: `whsec_` and 32 random bytes in base64 (Standard Webhooks' form). */
export function newWebhookSecret(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

/** Header rows as the form keeps them, and as the API takes them (empty rows left out). */
export type HeaderRow = { name: string; value: string };
export const headerRowsOf = (headers: Record<string, string>): HeaderRow[] =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));
export const headersOf = (rows: HeaderRow[] | undefined): Record<string, string> =>
  Object.fromEntries((rows ?? []).filter((row) => row?.name?.trim()).map((row) => [row.name.trim(), row.value ?? '']));

/** The write-only secret: sent when one was typed or made, left out to keep the stored one (an edit). */
export function secretToSend(secret: string | undefined, creating: boolean): { secret?: string } {
  const typed = secret?.trim() ?? '';
  return typed || creating ? { secret: typed } : {};
}
