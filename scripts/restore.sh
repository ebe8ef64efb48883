#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh: its archive (every schema, or one archive per schema
# from older backups) into the database at DATABASE_URL (a fresh one, or one where those schemas
# do not exist yet), and the bucket folder into the bucket. docs/operations.md, "Back up and restore".
#
#   DATABASE_URL=postgres://postgres:...@host:5432/waco scripts/restore.sh BACKUP_DIR [--keys PATH] [--no-bucket|--no-postgres] [--clean]
#
# --keys: a key backup (scripts/backup-keys.sh), or the folder of them (default KEY_BACKUP_DIR,
# else ./key-backups): its newest is restored into identity's schema, whatever the main backup's
# age. Accounts deleted since that main backup have no key there: identity deletes them again at
# its start. Without any key backup the restore stops (every member's sealed fields would read as
# erased), unless --no-keys says that is meant.
# --clean drops each schema first (a restore over a damaged database): the services must be stopped.
# Owners are kept when the services' roles exist in the target (infra/postgres/init.sh or the
# CloudNativePG cluster create them); otherwise the restoring role owns the tables.
# The bucket (unless --no-bucket): S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY, with aws or rclone.
# pg_restore must be the server's version or newer: scripts/pg-tools.sh finds one, or set PG_BIN.
set -euo pipefail
. "$(dirname "$0")/bucket-copy.sh"
. "$(dirname "$0")/pg-tools.sh"

dir=""
bucket=yes
postgres=yes
clean=no
keys="${KEY_BACKUP_DIR:-./key-backups}"
while [ $# -gt 0 ]; do
  case "$1" in
    --no-bucket) bucket=no; shift ;;
    --no-postgres) postgres=no; shift ;;
    --clean) clean=yes; shift ;;
    --keys) keys="$2"; shift 2 ;;
    --no-keys) keys=""; shift ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    -*) echo "restore.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    *) dir="$1"; shift ;;
  esac
done
[ -n "$dir" ] && [ -d "$dir/postgres" ] || { echo 'restore.sh: give the folder backup.sh printed (it holds postgres/)' >&2; exit 2; }

restore_postgres() {
  : "${DATABASE_URL:?restore.sh: set DATABASE_URL (a postgres:// URL of the target database, superuser or owner)}"
  command -v psql >/dev/null || { echo "restore.sh: psql is not installed (Debian: apt-get install postgresql-client)" >&2; exit 1; }
  pg_restore=$(pg_tool restore.sh pg_restore) || exit 1

  q() { psql "$DATABASE_URL" -XAtq -v ON_ERROR_STOP=1 "$@"; }

  # The posts service's search indexes need pg_trgm, which a schema's archive does not carry.
  q -c 'CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public'

  shopt -s nullglob
  archives=("$dir"/postgres/*.dump)
  [ ${#archives[@]} -gt 0 ] || { echo "restore.sh: no archive in $dir/postgres" >&2; exit 1; }
  # The key backup to restore with identity (checked before anything is written).
  keyfile=""
  holds_identity=no
  for archive in "${archives[@]}"; do
    "$pg_restore" --list "$archive" | awk '$4 == "SCHEMA" { print $6 }' | grep -q '^identity' && holds_identity=yes
  done
  if [ -n "$keys" ] && [ "$holds_identity" = yes ]; then
    if [ -d "$keys" ]; then
      found=("$keys"/keys-*.dump)
      [ ${#found[@]} -gt 0 ] && keyfile="${found[-1]}"
    elif [ -f "$keys" ]; then
      keyfile="$keys"
    fi
    [ -n "$keyfile" ] || { echo "restore.sh: no key backup at $keys (scripts/backup-keys.sh writes them): give --keys PATH, or --no-keys to restore with every member's sealed fields erased" >&2; exit 1; }
  fi
  for archive in "${archives[@]}"; do
    # The schemas it holds, and their owners: "<id>; <oid> <oid> SCHEMA - <name> <owner>".
    mapfile -t entries < <("$pg_restore" --list "$archive" | awk '$4 == "SCHEMA" { print $6, $7 }')
    [ ${#entries[@]} -gt 0 ] || { echo "restore.sh: $archive holds no schema" >&2; exit 1; }
    flags=(--exit-on-error --single-transaction)
    for entry in "${entries[@]}"; do
      read -r schema owner <<< "$entry"
      if [ "$(q -c "SELECT 1 FROM pg_namespace WHERE nspname = '$schema'")" = 1 ]; then
        if [ "$clean" = yes ]; then
          q -c "DROP SCHEMA \"$schema\" CASCADE"
        else
          echo "restore.sh: schema $schema already exists in the target; restore into a fresh database or pass --clean" >&2
          exit 1
        fi
      fi
      if [ -n "$owner" ] && [ "$(q -c "SELECT 1 FROM pg_roles WHERE rolname = '$owner'")" != 1 ] \
        && [[ " ${flags[*]} " != *" --no-owner "* ]]; then
        echo "restore.sh: role $owner does not exist in the target: the schemas are restored without their owners" >&2
        flags+=(--no-owner --no-acl)
      fi
    done
    # One transaction for the whole archive: all its schemas are restored, or none.
    "$pg_restore" --dbname="$DATABASE_URL" "${flags[@]}" "$archive"
    echo "postgres: $archive -> schemas $(printf '%s ' "${entries[@]%% *}")"
    for entry in "${entries[@]}"; do
      if [[ "$entry" == identity* ]] && [ -n "$keyfile" ]; then
        "$pg_restore" --dbname="$DATABASE_URL" --data-only --exit-on-error --single-transaction "$keyfile"
        echo "keys: $keyfile -> schema ${entry%% *}"
      fi
    done
  done
}
[ "$postgres" = no ] || restore_postgres

if [ "$bucket" = yes ] && [ -d "$dir/bucket" ]; then
  bucket_copy restore.sh in "$dir/bucket"
  echo "bucket: $dir/bucket -> $S3_BUCKET"
fi
echo 'restore.sh: done. Start the services: they migrate what is newer than the backup.'
