#!/usr/bin/env bash
# Runs once, when the Postgres container initialises an empty data directory (docker-compose.yml
# mounts this folder into /docker-entrypoint-initdb.d), as the superuser in POSTGRES_DB.
#
# One login role per service, each owning one schema named after it and nothing else: a service
# can create and change tables in its own schema and cannot read, let alone write, another's.
# The passwords come from the environment (.env); none is written here. DB_ROLE_PREFIX (optional)
# prefixes the role names, for several stacks on one server (roles are server-wide).
set -euo pipefail
prefix="${DB_ROLE_PREFIX:-}"

SERVICES=(identity posts messaging notifications media moderation groups directory)

for service in "${SERVICES[@]}"; do
  var="${service^^}_DB_PASSWORD"
  if [ -z "${!var:-}" ]; then
    echo "init.sh: $var is not set (see .env.example)" >&2
    exit 1
  fi
done

psql_admin() { psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" "$@"; }

# pg_trgm backs the posts service's typo-tolerant search; a service role may not create it.
# Nobody but the superuser creates anything in public, and only the service roles connect.
psql_admin <<SQL
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
REVOKE ALL ON DATABASE "$POSTGRES_DB" FROM PUBLIC;
SQL

for service in "${SERVICES[@]}"; do
  var="${service^^}_DB_PASSWORD"
  # psql variables (:"role", :'password') quote the values, so any password is safe here.
  psql_admin -v role="$prefix$service" -v schema="$service" -v password="${!var}" -v db="$POSTGRES_DB" <<'SQL'
CREATE ROLE :"role" LOGIN PASSWORD :'password';
CREATE SCHEMA :"schema" AUTHORIZATION :"role";
GRANT CONNECT ON DATABASE :"db" TO :"role";
SQL
done
echo "init.sh: a role and a schema for each of ${SERVICES[*]}"
