import type { IncomingProtocol } from '@casedesk/shared';

export type Security = { ssl: boolean; startTls: boolean };

/** The usual SMTP port: 465 for TLS from the first byte, 587 for submission with STARTTLS, 25 otherwise. */
export const smtpPort = ({ ssl, startTls }: Security) => (ssl ? 465 : startTls ? 587 : 25);

/** The usual POP3/IMAP port: 995/993 with TLS from the first byte, 110/143 otherwise (STARTTLS upgrades those). */
export const incomingPort = (protocol: IncomingProtocol, { ssl }: Security) =>
  protocol === 'IMAP' ? (ssl ? 993 : 143) : ssl ? 995 : 110;

const typicalSmtp = new Set([25, 465, 587, 2525]);
const typicalIncoming = new Set([110, 995, 143, 993]);

/**
 * The port after a change of protocol or security: the usual one, unless the port typed is not a usual one (a
 * custom port the administrator chose stays).
 */
export function nextPort(kind: 'smtp' | 'incoming', current: number | null | undefined, usual: number): number {
  if (current === null || current === undefined) return usual;
  return (kind === 'smtp' ? typicalSmtp : typicalIncoming).has(current) ? usual : current;
}
