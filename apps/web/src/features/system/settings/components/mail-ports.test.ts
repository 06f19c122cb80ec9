import { describe, expect, it } from 'vitest';
import { incomingPort, nextPort, smtpPort } from './mail-ports';

describe('mail ports', () => {
  it('are the usual ones for each protocol and security', () => {
    expect(smtpPort({ ssl: true, startTls: false })).toBe(465);
    expect(smtpPort({ ssl: false, startTls: true })).toBe(587);
    expect(smtpPort({ ssl: false, startTls: false })).toBe(25);
    expect(incomingPort('IMAP', { ssl: true, startTls: false })).toBe(993);
    expect(incomingPort('IMAP', { ssl: false, startTls: true })).toBe(143);
    expect(incomingPort('POP3', { ssl: true, startTls: false })).toBe(995);
    expect(incomingPort('POP3', { ssl: false, startTls: false })).toBe(110);
  });
  it('follow a change only when the port was a usual one', () => {
    expect(nextPort('smtp', 587, 465)).toBe(465);
    expect(nextPort('smtp', 2587, 465)).toBe(2587);
    expect(nextPort('incoming', 993, 995)).toBe(995);
    expect(nextPort('incoming', null, 143)).toBe(143);
    expect(nextPort('incoming', 10143, 993)).toBe(10143);
  });
});
