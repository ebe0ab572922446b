#!/usr/bin/env bash
# The server the browser tests run against: a fresh embedded database every run, seeded
# with the demo organisation, on E2E_PORT (default 3210). Serves the last `vite build`.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f dist/web/index.html ]; then
  echo "dist/web is missing: run 'npm run build' first (npm run test:e2e does)." >&2
  exit 1
fi

DATA_DIR="${E2E_DATA_DIR:-.tmp/e2e-data}"
rm -rf "$DATA_DIR"
mkdir -p "$DATA_DIR"

# Whatever the shell has, these tests use the embedded database and no Redis.
unset DATABASE_URL REDIS_URL APP_SECRET
export DATA_DIR
export PORT="${E2E_PORT:-3210}"
export HOST=127.0.0.1
export SEED_DEMO=true
export LOG_LEVEL=warn
export NODE_ENV=production
# 'Demo etkinliği' at a brisk pace, so its browser test sees the board move within seconds.
export DEMO_ACTIVITY_EVERY_MS="${DEMO_ACTIVITY_EVERY_MS:-200}"
# The Bridge Sync tests watch a project's first sync: no seeded sync history.
export DEMO_SYNC_HISTORY=false
# The webhooks test receives on 127.0.0.1 inside the test, over http: a private target the server otherwise refuses.
export WEBHOOK_ALLOW_PRIVATE=true

exec npx tsx server/main.ts
