import { describe, expect, it } from 'vitest';

describe('zod configuration', () => {
  it('zod reads the jitless setting main.tsx writes before any schema exists', async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });

  it("zod words its issues with the shared error map, never in the library's phrasing", async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    const issues = z.object({ name: z.string().min(1), size: z.number() }).safeParse({ size: 'x' }).error?.issues;
    expect(issues?.map((issue) => issue.message)).toEqual(['This field is required.', 'This field must be a number.']);
  });
});
