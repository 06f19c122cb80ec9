import { describe, expect, it } from 'vitest';
import { isPrivateAddress, resolveTarget } from './webhook-address.js';

// SSRF (contract 23): which addresses a webhook may never reach unless Settings allow private addresses.

describe('webhook addresses', () => {
  it('refuses loopback, private, link-local, unique-local, CGNAT, multicast and IPv4 inside IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '0.0.0.0',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.10',
      '100.64.0.1',
      '169.254.169.254',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      '64:ff9b::a00:1',
      'not an address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
  });

  it('lets public addresses through, in both families', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('judges a name by every address it resolves to, and connects to the address it judged', async () => {
    const refused = await resolveTarget(new URL('http://localhost:8080/hook'), false);
    expect(refused).toMatchObject({ ok: false, reason: 'private', message: { key: 'webhook.privateAddress' } });
    const allowed = await resolveTarget(new URL('http://localhost:8080/hook'), true);
    expect(allowed).toMatchObject({ ok: true, address: '127.0.0.1', family: 4 });
    expect(await resolveTarget(new URL('http://[::ffff:7f00:1]/'), false)).toMatchObject({ ok: false });
    expect(await resolveTarget(new URL('https://8.8.8.8/hook'), false)).toMatchObject({ ok: true, address: '8.8.8.8' });
    expect(await resolveTarget(new URL('http://no-such-host.invalid/'), false)).toMatchObject({
      ok: false,
      reason: 'unresolvable',
    });
  });
});
