import { describe, expect, it } from 'vitest';

describe('zod configuration', () => {
  it('zod reads the jitless setting main.tsx writes before any schema exists', async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
