#!/usr/bin/env bash
# Runs the README's start command on the embedded default, then proves
# the service answers: the printed demo curl creates a demand, and credentials made with
# `npm run cli -- clients create` (joining the running embedded server) authenticate too.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
port=$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")
pg_port=$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")
# The clone's own .data folder, as a new user gets it; fresh ports so nothing else collides.
export PORT="$port" EMBEDDED_PG_PORT="$pg_port"
unset DATABASE_URL CREDENTIALS_PEPPER DATA_DIR

# Its own process group: npm does not pass SIGTERM on to the node process it starts, so the whole
# group is signalled, and waited for until the server (and its embedded PostgreSQL) has stopped.
setsid npm start >"$work/start.log" 2>&1 &
server=$!
cleanup() {
  kill -TERM -- "-$server" 2>/dev/null || true
  for _ in $(seq 1 100); do
    kill -0 -- "-$server" 2>/dev/null || break
    sleep 0.2
  done
  kill -KILL -- "-$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

for _ in $(seq 1 90); do
  curl -fs "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$work/start.log"; echo "npm start exited"; exit 1; }
  sleep 1
done
curl -fs "http://127.0.0.1:$port/health"; echo

demo_curl=$(sed -n "/^Create a demand:/,/ -d '/p" "$work/start.log" | tail -n +2)
[ -n "$demo_curl" ] || { cat "$work/start.log"; echo "no demo curl printed"; exit 1; }
status=$(eval "${demo_curl/curl -i/curl -s -o /dev/null -w %\{http_code\}}")
echo "demo curl: HTTP $status"
[ "$status" = 201 ] || exit 1

creds=$(npm run --silent cli -- clients create --name smoke)
client_id=$(node -e "console.log(JSON.parse(process.argv[1]).clientId)" "$creds")
client_secret=$(node -e "console.log(JSON.parse(process.argv[1]).clientSecret)" "$creds")
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/v1/missions/demands" \
  -H "client-id: $client_id" -H "client-secret: $client_secret" -H 'Content-Type: application/json' -d '{}')
echo "CLI-made credentials, empty body: HTTP $status (400 expected: authenticated, then validated)"
[ "$status" = 400 ] || exit 1
echo "start command: ok"
