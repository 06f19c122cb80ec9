import { describe, expect, it } from 'vitest';
import { firstInvalidAddress, splitAddresses } from './AddressInput';
import { mailDocument } from './MailFrame';

describe('addresses', () => {
  it('splits pasted lists and drops duplicates', () => {
    expect(splitAddresses(['a@x.com; b@x.com', 'A@x.com', '<c@x.com>'])).toEqual(['a@x.com', 'b@x.com', 'c@x.com']);
  });
  it('names the first address that is not one', () => {
    expect(firstInvalidAddress(['a@x.com', 'not-an-address', 'b@'])).toBe('not-an-address');
    expect(firstInvalidAddress(['a@x.com'])).toBeNull();
  });
});

describe('mail document', () => {
  it('drops scripts and event handlers and forbids every remote load', () => {
    const doc = mailDocument(
      '<p onclick="steal()">Hi</p><script>alert(1)</script><img src="https://track.example/p.gif">',
    );
    expect(doc).not.toContain('<script>alert');
    expect(doc).not.toContain('onclick');
    expect(doc).toContain("default-src 'none'");
    expect(doc).toContain('<p>Hi</p>');
  });
});
