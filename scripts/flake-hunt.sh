#!/usr/bin/env bash
# Looks for tests that fail on a correct build: each suite is run under conditions CI can meet (another order,
# a busy machine, a spec alone), with no retry, and every failure is listed by name. Start it before a submission:
#
#   scripts/flake-hunt.sh                  # everything below, once (about an hour on two cores)
#   scripts/flake-hunt.sh server pg        # only some parts: server | pg | browser | alone
#   ROUNDS=3 LOAD=2 scripts/flake-hunt.sh server
#   SEED=1107319855 ROUNDS=1 scripts/flake-hunt.sh server   # the order a report named, again
#
# Parts:
#   server   the server and web suites on the embedded database, in a shuffled order (a new seed each round),
#            with LOAD busy loops (default: one per core) competing for the cores
#   pg       the server suite on PostgreSQL (TEST_DATABASE_URL, default the local server), shuffled, under load
#   browser  the browser suite ROUNDS times in a row (default 3), then once in reverse order (the app is built once)
#   alone    each browser spec on its own
#
# The report (failures by test name, with the seed that showed them) is .tmp/flake-hunt/<start>/report.md
# (.tmp/flake-hunt/latest/report.md for the newest hunt); each run's log and Vitest JSON are kept beside it. Exit status 1 when anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."

parts=("$@")
[ ${#parts[@]} -eq 0 ] && parts=(server pg browser alone)
rounds=${ROUNDS:-3}
load=${LOAD:-$(nproc)}
# Each hunt keeps its own folder (a hunt of one part does not wipe another's logs); `latest` names the newest.
out=.tmp/flake-hunt/$(date -u +%Y%m%dT%H%M%SZ)-$$
mkdir -p "$out" && ln -sfn "$(basename "$out")" .tmp/flake-hunt/latest
report=$out/report.md
busy=()

stop_load() {
  for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null; done
  busy=()
}
start_load() {
  for _ in $(seq 1 "$load"); do
    node -e 'for (;;) {}' &
    busy+=($!)
  done
}
trap stop_load EXIT INT TERM

echo "# Flake hunt $(date -u +%FT%TZ) on $(nproc) cores, load $load, rounds $rounds" >"$report"
failures=0

# Runs one Vitest suite with a JSON report and adds its failing tests to the report.
run() {
  local name=$1 dir=$2
  shift 2
  local json="$PWD/$out/$name.json"
  echo "=== $name: $*"
  (cd "$dir" && npx vitest run --retry=0 --reporter=default --reporter=json --outputFile.json="$json" "$@") \
    >"$out/$name.log" 2>&1
  local status=$?
  local failed
  failed=$(node -e '
    const fs = require("node:fs");
    const file = process.argv[1];
    if (!fs.existsSync(file)) { console.log("  - the run left no report (crashed?): see the log"); process.exit(); }
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    for (const suite of report.testResults ?? []) {
      const where = suite.name.replace(/^.*\/(specs|src|test)\//, "$1/");
      if (suite.status === "failed" && (suite.assertionResults ?? []).length === 0)
        console.log(`  - ${where}: ${(suite.message ?? "failed to load").split("\n")[0]}`);
      for (const test of suite.assertionResults ?? [])
        if (test.status === "failed")
          console.log(`  - ${test.fullName} (${where}): ${(test.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 200)}`);
    }' "$json")
  if [ "$status" -ne 0 ] || [ -n "$failed" ]; then
    failures=$((failures + 1))
    { echo; echo "## $name: FAILED ($*)"; echo "${failed:-  - exit status $status, no failing test named: see $out/$name.log}"; } >>"$report"
  else
    echo "- $name: passed ($*)" >>"$report"
  fi
}

for part in "${parts[@]}"; do
  case $part in
    server)
      start_load
      for round in $(seq 1 "$rounds"); do
        seed=${SEED:-$RANDOM$RANDOM}
        run "server-round$round" apps/server --sequence.shuffle.files --sequence.seed="$seed"
        run "web-round$round" apps/web --sequence.shuffle.files --sequence.seed="$seed"
      done
      stop_load
      ;;
    pg)
      export TEST_DATABASE_URL=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
      start_load
      for round in $(seq 1 "$rounds"); do
        seed=${SEED:-$RANDOM$RANDOM}
        run "pg-round$round" apps/server --sequence.shuffle.files --sequence.seed="$seed"
      done
      stop_load
      unset TEST_DATABASE_URL
      ;;
    browser)
      npm run build >"$out/build.log" 2>&1 || { echo "build failed: $out/build.log"; exit 1; }
      for round in $(seq 1 "$rounds"); do run "browser-round$round" e2e; done
      E2E_ORDER=reverse run browser-reverse e2e
      ;;
    alone)
      [ -f apps/web/dist/index.html ] || npm run build >"$out/build.log" 2>&1
      for spec in e2e/specs/*.test.ts; do
        name=$(basename "$spec" .test.ts)
        run "alone-$name" e2e "specs/$name.test.ts"
      done
      ;;
    *)
      echo "unknown part: $part (server | pg | browser | alone)" >&2
      exit 2
      ;;
  esac
done

echo
cat "$report"
[ "$failures" -eq 0 ]
