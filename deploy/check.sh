#!/usr/bin/env bash
# Checks the deployment files without Docker or a running systemd (.ci/run step "deploy"):
# - deploy/Dockerfile linted with dockerfile-utils (the Dockerfile linter of VS Code's Docker
#   extension, from the npm registry; Docker's own instruction and flag checks);
# - deploy/workforce.service verified with `systemd-analyze verify` (keys, sections, values) and its
#   hardening scored with `systemd-analyze security --offline` (must stay at or below 2.0, "OK").
# Installs systemd from Debian when systemd-analyze is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "lint deploy/Dockerfile"
npx --yes dockerfile-utils@0.16.3 lint deploy/Dockerfile

if ! command -v systemd-analyze >/dev/null 2>&1; then
  apt-get install -y --no-install-recommends systemd >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y --no-install-recommends systemd >/dev/null; }
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
echo "deploy files ok"
