#!/usr/bin/env bash
# Smoke test of the compiled binary alone in an empty directory: --help, tenant create, keys
# create/list/revoke, serve with health, SIGTERM exit 0 within 5 s.
set -euo pipefail
bin=$(realpath "$1")
dir=$(mktemp -d)
cp "$bin" "$dir/workforce"
cd "$dir"
./workforce --help >/dev/null
./workforce serve --help | grep -q -- '--port'
./workforce tenant create --name "Smoke Co" --owner-email owner@smoke.test --owner-name "Smoke Owner" --data ./data --json > tenant.json
tenant=$(grep -o '"tenant": "[^"]*"' tenant.json | cut -d'"' -f4)
./workforce keys create --tenant "$tenant" --kind api --role admin --data ./data --json > key.json
key_id=$(grep -o '"id": "key_[^"]*"' key.json | head -1 | cut -d'"' -f4)
./workforce keys list --tenant "$tenant" --data ./data | grep -q "$key_id"
./workforce keys revoke "$key_id" --tenant "$tenant" --data ./data | grep -q revoked
./workforce keys list --tenant "$tenant" --data ./data | grep "$key_id" | grep -q revoked

./workforce serve --port 0 --data ./data > serve.log 2>&1 &
pid=$!
for _ in $(seq 1 200); do grep -q 'listening on' serve.log && break; sleep 0.1; done
port=$(grep -o 'listening on http://[0-9.]*:[0-9]*' serve.log | grep -o '[0-9]*$')
curl -fsS "http://127.0.0.1:$port/api/mcp/v1/health" | grep -q '"status":"ok"'
start=$(date +%s%N)
kill -TERM "$pid"
code=0; wait "$pid" || code=$?
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
echo "smoke: serve exited $code in ${elapsed_ms} ms after SIGTERM"
if [ "$code" -ne 0 ] || [ "$elapsed_ms" -ge 5000 ]; then cat serve.log; exit 1; fi
rm -rf "$dir"
