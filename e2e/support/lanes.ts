import { availableParallelism } from 'node:os';

/**
 * How many specs run side by side (E2E_LANES, else one per core, at most two). A spec mostly waits for the page, the
 * server or a mail and keeps about half of two cores busy, so two lanes fill them; each lane has its own server.
 */
export function e2eLanes(): number {
  const asked = Number(process.env.E2E_LANES);
  return Number.isInteger(asked) && asked > 0 ? asked : Math.max(1, Math.min(2, availableParallelism()));
}

/** The lane this spec runs in: Vitest numbers its workers from 1 (VITEST_POOL_ID), one spec at a time each. */
export function laneIndex(lanes: number): number {
  const pool = Number(process.env.VITEST_POOL_ID ?? '1');
  return (Math.max(1, pool) - 1) % lanes;
}
