#!/usr/bin/env bash
# Copies what production needs out of a built checkout (`npm run build` first) into OUT:
#   OUT/manifests/  package.json, package-lock.json and the manifests of libs/* and services/*:
#                   enough for `npm ci --omit=dev -w libs -w services`
#   OUT/compiled/   libs/*/dist, services/*/dist and web/dist (the gateway serves it)
# infra/Dockerfile's runtime stage installs from the first and copies the second over it;
# scripts/check-production-install.ts does the same in a temporary folder, without Docker.
# Usage: scripts/production-tree.sh OUT
set -euo pipefail
out=${1:?usage: scripts/production-tree.sh OUT}
cd "$(dirname "$0")/.."

[ -f web/dist/index.html ] || { echo "web/dist is missing: run npm run build first" >&2; exit 1; }
mkdir -p "$out/manifests" "$out/compiled/web"
cp package.json package-lock.json "$out/manifests/"
for pkg in libs/* services/*; do
  [ -f "$pkg/package.json" ] || continue
  [ -f "$pkg/dist/index.js" ] || [ -f "$pkg/dist/main.js" ] || {
    echo "$pkg/dist is missing: run npm run build first" >&2
    exit 1
  }
  mkdir -p "$out/manifests/$pkg" "$out/compiled/$pkg"
  cp "$pkg/package.json" "$out/manifests/$pkg/"
  cp -R "$pkg/dist" "$out/compiled/$pkg/"
done
cp -R web/dist "$out/compiled/web/"
