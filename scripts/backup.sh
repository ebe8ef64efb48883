#!/usr/bin/env bash
# Backs up Waco Commons: each service's Postgres schema to its own pg_dump archive, and the media
# bucket to a folder. docs/operations.md, "Back up and restore", shows it with docker compose and
# Kubernetes.
#
#   DATABASE_URL=postgres://postgres:...@host:5432/waco scripts/backup.sh [--out DIR] [--no-bucket|--no-postgres]
#
# DATABASE_URL: a role that can read every schema (the superuser, or the database owner).
# SCHEMAS: the schemas to dump (default: the five services').
# The bucket (unless --no-bucket): S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY, copied
# with the AWS CLI (`aws s3 sync`) or, when that is missing, rclone.
# Writes DIR/waco-<UTC time>/ (DIR defaults to ./backups) and prints its path last.
set -euo pipefail

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
  for tool in pg_dump psql; do
    command -v "$tool" >/dev/null || { echo "backup.sh: $tool is not installed (Debian: apt-get install postgresql-client)" >&2; exit 1; }
  done
fi

dir="$out/waco-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$dir/postgres"

for schema in "${schemas[@]}"; do
  exists=$(psql "$DATABASE_URL" -XAtqc "SELECT 1 FROM pg_namespace WHERE nspname = '$schema'")
  if [ "$exists" != 1 ]; then
    echo "backup.sh: schema $schema does not exist in the database; skipped" >&2
    continue
  fi
  # Custom format: compressed, and pg_restore can restore it whole or table by table.
  pg_dump "$DATABASE_URL" --format=custom --schema="$schema" --file="$dir/postgres/$schema.dump"
  echo "postgres: $schema -> $dir/postgres/$schema.dump"
done

if [ "$bucket" = yes ]; then
  : "${S3_ENDPOINT:?backup.sh: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY, or pass --no-bucket}"
  : "${S3_BUCKET:=waco-media}"
  : "${S3_ACCESS_KEY:?backup.sh: set S3_ACCESS_KEY}" "${S3_SECRET_KEY:?backup.sh: set S3_SECRET_KEY}"
  mkdir -p "$dir/bucket"
  if command -v aws >/dev/null; then
    AWS_ACCESS_KEY_ID="$S3_ACCESS_KEY" AWS_SECRET_ACCESS_KEY="$S3_SECRET_KEY" AWS_DEFAULT_REGION="${S3_REGION:-us-east-1}" \
      aws --endpoint-url "$S3_ENDPOINT" s3 sync "s3://$S3_BUCKET" "$dir/bucket" --only-show-errors
  elif command -v rclone >/dev/null; then
    # rclone's S3 client refuses a plain-http endpoint when AWS_CA_BUNDLE is set (it wants an
    # https transport for it); the system's CAs still apply to https endpoints without it.
    RCLONE_CONFIG_SRC_TYPE=s3 RCLONE_CONFIG_SRC_PROVIDER=Other RCLONE_CONFIG_SRC_ENDPOINT="$S3_ENDPOINT" \
      RCLONE_CONFIG_SRC_ACCESS_KEY_ID="$S3_ACCESS_KEY" RCLONE_CONFIG_SRC_SECRET_ACCESS_KEY="$S3_SECRET_KEY" \
      env -u AWS_CA_BUNDLE rclone sync "src:$S3_BUCKET" "$dir/bucket"
  else
    echo 'backup.sh: neither the AWS CLI (aws) nor rclone is installed to copy the bucket (Debian: apt-get install awscli or rclone); or pass --no-bucket' >&2
    exit 1
  fi
  echo "bucket: $S3_BUCKET -> $dir/bucket"
fi

printf 'schemas=%s\ncreated=%s\n' "${schemas[*]}" "$(date -u +%FT%TZ)" > "$dir/manifest"
echo "$dir"
