#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh: each schema's archive into the database at
# DATABASE_URL (a fresh one, or one where those schemas do not exist yet), and the bucket folder
# into the bucket. docs/operations.md, "Back up and restore".
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
set -euo pipefail
. "$(dirname "$0")/bucket-copy.sh"

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
  for tool in pg_restore psql; do
    command -v "$tool" >/dev/null || { echo "restore.sh: $tool is not installed (Debian: apt-get install postgresql-client)" >&2; exit 1; }
  done

  q() { psql "$DATABASE_URL" -XAtq -v ON_ERROR_STOP=1 "$@"; }

  # The posts service's search indexes need pg_trgm, which a schema's archive does not carry.
  q -c 'CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public'

  shopt -s nullglob
  archives=("$dir"/postgres/*.dump)
  [ ${#archives[@]} -gt 0 ] || { echo "restore.sh: no archive in $dir/postgres" >&2; exit 1; }
  # The key backup to restore with identity (checked before anything is written).
  keyfile=""
  if [ -n "$keys" ] && ls "$dir"/postgres/identity*.dump >/dev/null 2>&1; then
    if [ -d "$keys" ]; then
      found=("$keys"/keys-*.dump)
      [ ${#found[@]} -gt 0 ] && keyfile="${found[-1]}"
    elif [ -f "$keys" ]; then
      keyfile="$keys"
    fi
    [ -n "$keyfile" ] || { echo "restore.sh: no key backup at $keys (scripts/backup-keys.sh writes them): give --keys PATH, or --no-keys to restore with every member's sealed fields erased" >&2; exit 1; }
  fi
  for archive in "${archives[@]}"; do
    schema=$(basename "$archive" .dump)
    if [ "$(q -c "SELECT 1 FROM pg_namespace WHERE nspname = '$schema'")" = 1 ]; then
      if [ "$clean" = yes ]; then
        q -c "DROP SCHEMA \"$schema\" CASCADE"
      else
        echo "restore.sh: schema $schema already exists in the target; restore into a fresh database or pass --clean" >&2
        exit 1
      fi
    fi
    owner=$(pg_restore --list "$archive" | awk '$4 == "SCHEMA" && $6 == "'"$schema"'" && !found { print $7; found = 1 }')
    flags=(--exit-on-error --single-transaction)
    if [ -n "$owner" ] && [ "$(q -c "SELECT 1 FROM pg_roles WHERE rolname = '$owner'")" != 1 ]; then
      echo "restore.sh: role $owner does not exist in the target: $schema is restored without its owner" >&2
      flags+=(--no-owner --no-acl)
    fi
    pg_restore --dbname="$DATABASE_URL" "${flags[@]}" "$archive"
    echo "postgres: $archive -> schema $schema"
    if [[ "$schema" == identity* ]] && [ -n "$keyfile" ]; then
      pg_restore --dbname="$DATABASE_URL" --data-only --exit-on-error --single-transaction "$keyfile"
      echo "keys: $keyfile -> schema $schema"
    fi
  done
}
[ "$postgres" = no ] || restore_postgres

if [ "$bucket" = yes ] && [ -d "$dir/bucket" ]; then
  bucket_copy restore.sh in "$dir/bucket"
  echo "bucket: $dir/bucket -> $S3_BUCKET"
fi
echo 'restore.sh: done. Start the services: they migrate what is newer than the backup.'
