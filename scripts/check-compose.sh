#!/usr/bin/env bash
# Validates docker-compose.yml (and the infra/ files it refers to, and the observability overlay) without a Docker engine, with
# `docker compose` (v2) or `docker-compose` (v1), whichever is installed. Without a .env, the
# values of .env.example stand in, so the check runs on a fresh clone.
#   bash scripts/check-compose.sh           # validate
#   bash scripts/check-compose.sh --print   # print the resolved configuration (used by tests)
set -euo pipefail
cd "$(dirname "$0")/.."

if docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
elif command -v docker-compose >/dev/null; then
  compose=(docker-compose)
else
  echo 'Neither `docker compose` (v2) nor `docker-compose` is installed. On Debian/Ubuntu:' >&2
  echo '  apt-get update && apt-get install -y --no-install-recommends docker-compose' >&2
  exit 1
fi

env_file=.env
[ -f "$env_file" ] || env_file=.env.example

if [ "${1:-}" = "--print" ]; then
  "${compose[@]}" --env-file "$env_file" config
else
  "${compose[@]}" --env-file "$env_file" config -q
  # The observability profile, layered on it as the README says (-f, --profile observability).
  "${compose[@]}" --env-file "$env_file" -f docker-compose.yml -f infra/compose/observability.yml \
    --profile observability config -q
  echo "docker-compose.yml and infra/compose/observability.yml are valid (${compose[*]}, values from $env_file)"
fi
