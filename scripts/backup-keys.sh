#!/usr/bin/env bash
# Backs up the personal-data key store, apart from the main backup (scripts/backup.sh runs it
# after its dumps): identity's `user_keys` (each member's key) and `deleted_accounts` (the ids of
# deleted accounts, no personal data) to DIR/keys-<UTC time>.dump, then deletes the key backups
# in DIR older than KEY_BACKUP_DAYS. docs/operations.md, "Personal-data keys and backups", states
# the promise this keeps: a deleted member's key is in no copy KEY_BACKUP_DAYS after the deletion.
#
#   DATABASE_URL=postgres://... scripts/backup-keys.sh [--out DIR] [--keep-days N]
#
# DIR defaults to KEY_BACKUP_DIR, else ./key-backups; N to KEY_BACKUP_DAYS, else 7.
# IDENTITY_SCHEMA: identity's schema (default identity). Prints the new file's path last.
set -euo pipefail

out="${KEY_BACKUP_DIR:-./key-backups}"
days="${KEY_BACKUP_DAYS:-7}"
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --keep-days) days="$2"; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "backup-keys.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
: "${DATABASE_URL:?backup-keys.sh: set DATABASE_URL (a postgres:// URL of a role that can read identity)}"
[[ "$days" =~ ^[0-9]+$ ]] || { echo "backup-keys.sh: --keep-days takes a whole number of days" >&2; exit 2; }
# pg_dump must be the server's version or newer: scripts/pg-tools.sh finds one, or set PG_BIN.
. "$(dirname "$0")/pg-tools.sh"
pg_dump=$(pg_tool backup-keys.sh pg_dump) || exit 1
schema="${IDENTITY_SCHEMA:-identity}"

mkdir -p "$out"
# To the nanosecond: two runs within a second keep two files (names sort by time).
file="$out/keys-$(date -u +%Y%m%dT%H%M%S.%NZ).dump"
# Data only: the tables themselves come with identity's schema in the main backup (empty there).
"$pg_dump" "$DATABASE_URL" --format=custom --data-only \
  --table="\"$schema\".user_keys" --table="\"$schema\".deleted_accounts" --file="$file.part"
mv "$file.part" "$file"
chmod 600 "$file"

# The stated period: a key backup older than it is deleted, so a deleted member's key outlives
# the deletion by at most that long (each run prunes; run this at least daily).
find "$out" -maxdepth 1 -name 'keys-*.dump' ! -path "$file" -mmin +$((days * 1440)) -print -delete |
  sed 's/^/key backup expired, deleted: /' >&2
echo "$file"
