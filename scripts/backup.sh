#!/usr/bin/env bash
# Backs up Waco Commons: every service's Postgres schema in one pg_dump archive, taken in one
# snapshot (so that the schemas agree: no notification without its event), and the media bucket
# to a folder. docs/operations.md, "Back up and restore", shows it with npm start, docker compose
# and Kubernetes. The personal-data keys are never in it: scripts/backup-keys.sh backs them up apart,
# to KEY_BACKUP_DIR (default ./key-backups), kept KEY_BACKUP_DAYS (default 7); see its header.
#
#   DATABASE_URL=postgres://postgres:...@host:5432/waco scripts/backup.sh [--out DIR] [--no-bucket|--no-postgres]
#
# DATABASE_URL: a role that can read every schema (the superuser, or the database owner).
# SCHEMAS: the schemas to dump (default: the six services').
# pg_dump must be the server's version or newer: scripts/pg-tools.sh finds one, or set PG_BIN.
# The bucket (unless --no-bucket): S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY, copied
# with the AWS CLI (`aws s3 sync`) or, when that is missing, rclone.
# Writes DIR/waco-<UTC time>/ (DIR defaults to ./backups) and prints its path last.
set -euo pipefail
. "$(dirname "$0")/bucket-copy.sh"
. "$(dirname "$0")/pg-tools.sh"

out=./backups
bucket=yes
postgres=yes
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --no-bucket) bucket=no; shift ;;
    --no-postgres) postgres=no; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "backup.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

read -r -a schemas <<< "${SCHEMAS:-identity posts messaging notifications media moderation}"
[ "$postgres" = yes ] || schemas=()
if [ "$postgres" = yes ]; then
  : "${DATABASE_URL:?backup.sh: set DATABASE_URL (a postgres:// URL of a role that can read every schema)}"
  command -v psql >/dev/null || { echo "backup.sh: psql is not installed (Debian: apt-get install postgresql-client)" >&2; exit 1; }
  pg_dump=$(pg_tool backup.sh pg_dump) || exit 1
fi

dir="$out/waco-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$dir/postgres"

dumped=()
names=()
for schema in "${schemas[@]}"; do
  exists=$(psql "$DATABASE_URL" -XAtqc "SELECT 1 FROM pg_namespace WHERE nspname = '$schema'")
  if [ "$exists" != 1 ]; then
    echo "backup.sh: schema $schema does not exist in the database; skipped" >&2
    continue
  fi
  # The key store's rows stay out (its tables are dumped empty): backup-keys.sh keeps them.
  dumped+=("--schema=$schema" "--exclude-table-data=\"$schema\".user_keys" "--exclude-table-data=\"$schema\".deleted_accounts")
  names+=("$schema")
done
if [ ${#dumped[@]} -gt 0 ]; then
  # One pg_dump, so one snapshot for every schema: a notification in the copy has its like or its
  # message there too, however busy the services were. Custom format: compressed, and
  # pg_restore can restore it whole or schema by schema (--schema).
  "$pg_dump" "$DATABASE_URL" --format=custom "${dumped[@]}" --file="$dir/postgres/waco.dump"
  echo "postgres: ${names[*]} -> $dir/postgres/waco.dump ($("$pg_dump" --version))"
fi

# The keys, apart (identity's schema: the first of SCHEMAS named identity*).
for schema in "${schemas[@]}"; do
  if [[ "$schema" == identity* ]]; then
    IDENTITY_SCHEMA="$schema" bash "$(dirname "$0")/backup-keys.sh" >/dev/null
    echo "keys: $schema.user_keys -> ${KEY_BACKUP_DIR:-./key-backups} (apart from this backup)"
    break
  fi
done

if [ "$bucket" = yes ]; then
  mkdir -p "$dir/bucket"
  bucket_copy backup.sh out "$dir/bucket"
  echo "bucket: $S3_BUCKET -> $dir/bucket"
fi

printf 'schemas=%s\ncreated=%s\n' "${names[*]}" "$(date -u +%FT%TZ)" > "$dir/manifest"
echo "$dir"
