// Knobs of the ticket benchmarks, all from the environment so that a run is bounded and reproducible.
const num = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number`);
  return value;
};

/** Password of the administrator (ADMIN_PASSWORD) and of every generated user. */
export const benchPassword = process.env.BENCH_ADMIN_PASSWORD ?? 'Bench@12345';
export const benchProjects = num('BENCH_TICKETS_PROJECTS', 20);
export const benchUsers = num('BENCH_TICKETS_USERS', 200);
/** Hard limit of a whole script, after which it stops everything it started and exits 1. */
export const maxSeconds = num('BENCH_MAX_SECONDS', 3600);
export const durationSeconds = num('BENCH_DURATION', 10);
export const warmupSeconds = num('BENCH_WARMUP', 2);
export const connections = num('BENCH_CONNECTIONS', 50);
export const port = num('BENCH_TICKETS_PORT', 3950);
