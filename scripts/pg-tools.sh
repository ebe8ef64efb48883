# Sourced by backup.sh and restore.sh: finds a pg_dump / pg_restore that can work with the
# server at DATABASE_URL. pg_dump refuses a server newer than itself ("server version mismatch"),
# and pg_restore reads only archives of its own version or older, so the tool must be of the
# server's major version or newer: the machine's default (Debian 12's is 15) often is not.
#
#   pg_tool SCRIPT TOOL   prints the path of TOOL (pg_dump or pg_restore) to use, or exits.
#
# Looked for, in order: PG_BIN/TOOL when PG_BIN is set (it must do); the server's version in
# Debian's and Ubuntu's /usr/lib/postgresql/MAJOR/bin, RHEL's /usr/pgsql-MAJOR/bin and
# Homebrew's postgresql@MAJOR; then TOOL on the PATH when it is that version or newer.

pg_major() { "$1" --version | sed -E 's/^[^0-9]*([0-9]+).*/\1/'; }

pg_tool() {
  local script="$1" tool="$2" server candidate found=""
  server=$(psql "$DATABASE_URL" -XAtqc 'SHOW server_version_num' | cut -c1-2)
  [ -n "$server" ] || { echo "$script: cannot reach the database at DATABASE_URL (psql said why above)" >&2; exit 1; }
  if [ -n "${PG_BIN:-}" ]; then
    candidate="$PG_BIN/$tool"
    [ -x "$candidate" ] || { echo "$script: PG_BIN has no $tool ($candidate)" >&2; exit 1; }
    if [ "$(pg_major "$candidate")" -lt "$server" ]; then
      echo "$script: $candidate is version $(pg_major "$candidate"); the server is $server: it must be $server or newer" >&2
      exit 1
    fi
    echo "$candidate"
    return
  fi
  for candidate in "/usr/lib/postgresql/$server/bin/$tool" "/usr/pgsql-$server/bin/$tool" \
    "/opt/homebrew/opt/postgresql@$server/bin/$tool" "/usr/local/opt/postgresql@$server/bin/$tool"; do
    if [ -x "$candidate" ]; then found="$candidate"; break; fi
  done
  if [ -z "$found" ] && command -v "$tool" >/dev/null && [ "$(pg_major "$(command -v "$tool")")" -ge "$server" ]; then
    found=$(command -v "$tool")
  fi
  if [ -z "$found" ]; then
    local have="not installed"
    command -v "$tool" >/dev/null && have="version $(pg_major "$(command -v "$tool")")"
    echo "$script: the server is PostgreSQL $server and $tool here is $have: $tool $server or newer is needed." >&2
    echo "  Install it (Debian/Ubuntu: postgresql-client-$server from the PostgreSQL apt repository;" >&2
    echo "  macOS: brew install postgresql@$server) or set PG_BIN to its bin folder, or run this script" >&2
    echo "  in the postgres:$server image (docs/operations.md, \"Back up and restore\")." >&2
    exit 1
  fi
  echo "$found"
}
