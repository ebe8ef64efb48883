#!/usr/bin/env bash
# Validates docker-compose.yml (and the infra/ files it refers to) without a Docker engine.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v docker-compose >/dev/null; then
  echo 'docker-compose is not installed. On Debian/Ubuntu install it with:' >&2
  echo '  apt-get update && apt-get install -y --no-install-recommends docker-compose' >&2
  exit 1
fi
docker-compose config -q
echo 'docker-compose.yml is valid'
