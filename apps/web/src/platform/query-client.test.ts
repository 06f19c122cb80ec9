import { describe, expect, it } from 'vitest';
import { layoutMountedWith, layoutQueryClient, prefetchQueryClient } from './query-client';

describe('the signed-in layout query cache', () => {
  it('adopts the prefetched cache, hands it out again until the layout mounts, then gives a later layout its own', () => {
    const prefetched = prefetchQueryClient();
    expect(prefetched).not.toBeNull();
    const first = layoutQueryClient();
    expect(first).toBe(prefetched);
    // The layout's first render was suspended and thrown away: React asks again and must get the same cache.
    expect(layoutQueryClient()).toBe(first);
    layoutMountedWith(first);
    expect(prefetchQueryClient()).toBeNull(); // no prefetch once a layout is up
    const later = layoutQueryClient();
    expect(later).not.toBe(first);
  });
});
