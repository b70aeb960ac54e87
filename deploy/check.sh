#!/usr/bin/env bash
# Checks the deployment files without Docker or a running systemd (.ci/run step "deploy"):
# - deploy/Dockerfile linted with dockerfile-utils (the Dockerfile linter of VS Code's Docker
#   extension, from the npm registry; Docker's own instruction and flag checks);
# - deploy/workforce.service verified with `systemd-analyze verify` (keys, sections, values) and its
#   hardening scored with `systemd-analyze security --offline` (must stay at or below 2.0, "OK").
# - deploy/Caddyfile validated with `caddy validate`; deploy/nginx.conf is run for real, in front of a
#   real server, by test/serve/proxy.test.ts (so is the Caddyfile).
# Installs systemd, nginx and caddy from Debian when missing (the proxy test uses the last two).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "lint deploy/Dockerfile"
npx --yes dockerfile-utils@0.16.3 lint deploy/Dockerfile

missing=()
command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v caddy >/dev/null 2>&1 || missing+=(caddy)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]}"
  apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null; }
  # Debian starts nginx on port 80 where an init system runs; the test runs its own.
  if pgrep -x nginx >/dev/null 2>&1 && [ -f /run/nginx.pid ]; then kill "$(cat /run/nginx.pid)" 2>/dev/null || true; fi
fi
# verify wants ExecStart= to exist: check a copy that starts a stand-in executable.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '#!/bin/sh\nexit 0\n' > "$tmp/workforce"
chmod +x "$tmp/workforce"
sed "s|/usr/local/bin/workforce|$tmp/workforce|" deploy/workforce.service > "$tmp/workforce.service"
echo "systemd-analyze verify deploy/workforce.service"
out=$(systemd-analyze verify "$tmp/workforce.service" 2>&1) || { echo "$out"; exit 1; }
# verify warns (unknown keys, keys in the wrong section) without failing: a warning fails here.
if [ -n "$out" ]; then echo "$out"; exit 1; fi
echo "systemd-analyze security --offline deploy/workforce.service"
systemd-analyze security --offline=yes --threshold=20 "$tmp/workforce.service" | tail -1
echo "caddy validate deploy/Caddyfile"
out=$(HOME=$tmp XDG_DATA_HOME=$tmp XDG_CONFIG_HOME=$tmp caddy validate --adapter caddyfile --config deploy/Caddyfile 2>&1) || { echo "$out"; exit 1; }
echo "deploy files ok"
