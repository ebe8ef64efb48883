#!/usr/bin/env bash
# Makes sure the servers that integration tests and `npm run start:distributed` use are up on
# this machine's standard ports, starting any that are down:
#   PostgreSQL 127.0.0.1:5432, NATS with JetStream 127.0.0.1:4222, Redis 127.0.0.1:6379.
# Usage: scripts/ensure-services.sh [postgres] [nats] [redis]   (no argument: all three)
# The start commands are those of this machine's Debian packages (see the node-svc machine doc).
# Exits non-zero, naming the server, if one cannot be started.
set -euo pipefail

log() { printf '[ensure-services] %s\n' "$*"; }
fail() {
  printf '[ensure-services] ERROR: %s\n' "$*" >&2
  exit 1
}

# wait_for SECONDS PROBE...: runs PROBE once a second until it succeeds or time runs out.
wait_for() {
  local seconds=$1
  shift
  for ((i = 0; i < seconds; i++)); do
    if "$@"; then return 0; fi
    sleep 1
  done
  return 1
}

postgres_up() { pg_isready -q -h 127.0.0.1 -p 5432; }

# A NATS server greets every client with an INFO line; it says "jetstream":true only when
# JetStream is enabled, which a bare port probe would not tell.
nats_up() {
  local info
  info=$(timeout 2 bash -c 'exec 3<>/dev/tcp/127.0.0.1/4222 && head -n1 <&3' 2>/dev/null) || return 1
  [[ $info == *'"jetstream":true'* ]]
}
nats_port_open() { timeout 2 bash -c 'exec 3<>/dev/tcp/127.0.0.1/4222' 2>/dev/null; }

redis_up() {
  local reply
  reply=$(timeout 2 bash -c 'exec 3<>/dev/tcp/127.0.0.1/6379 && printf "PING\r\n" >&3 && head -n1 <&3' 2>/dev/null) ||
    return 1
  [[ $reply == +PONG* ]]
}

ensure_postgres() {
  if postgres_up; then
    log 'PostgreSQL is up on 127.0.0.1:5432'
    return
  fi
  command -v pg_ctlcluster >/dev/null || fail 'PostgreSQL is down on 127.0.0.1:5432 and pg_ctlcluster is not installed (apt-get install postgresql)'
  local version
  # shellcheck disable=SC2012 # cluster directories are version numbers
  version=$(ls /etc/postgresql 2>/dev/null | head -n1 || true)
  [[ -n $version ]] || fail 'PostgreSQL is down on 127.0.0.1:5432 and no cluster exists under /etc/postgresql'
  log "PostgreSQL is down: starting cluster $version/main"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start ||
    fail "could not start PostgreSQL ($version/main); see /var/log/postgresql/postgresql-$version-main.log"
  wait_for 30 postgres_up || fail 'PostgreSQL did not accept connections on 127.0.0.1:5432 within 30 s'
  log 'PostgreSQL started'
}

ensure_nats() {
  if nats_up; then
    log 'NATS (JetStream enabled) is up on 127.0.0.1:4222'
    return
  fi
  if nats_port_open; then
    fail 'a NATS server answers on 127.0.0.1:4222 but JetStream is not enabled: restart it with -js'
  fi
  [[ -x /usr/sbin/nats-server ]] || fail 'NATS is down on 127.0.0.1:4222 and /usr/sbin/nats-server is not installed (apt-get install nats-server)'
  log 'NATS is down: starting nats-server with JetStream'
  mkdir -p /var/lib/nats-server
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
    -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log ||
    fail 'could not start NATS (nats-server); see /var/log/nats-server.log'
  wait_for 15 nats_up || fail 'NATS with JetStream did not come up on 127.0.0.1:4222 within 15 s; see /var/log/nats-server.log'
  log 'NATS started'
}

ensure_redis() {
  if redis_up; then
    log 'Redis is up on 127.0.0.1:6379'
    return
  fi
  command -v redis-server >/dev/null || fail 'Redis is down on 127.0.0.1:6379 and redis-server is not installed (apt-get install redis-server)'
  log 'Redis is down: starting redis-server'
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log ||
    fail 'could not start Redis (redis-server); see /var/log/redis/ci.log'
  wait_for 15 redis_up || fail 'Redis did not answer PING on 127.0.0.1:6379 within 15 s; see /var/log/redis/ci.log'
  log 'Redis started'
}

services=("$@")
((${#services[@]})) || services=(postgres nats redis)
for service in "${services[@]}"; do
  case $service in
  postgres) ensure_postgres ;;
  nats) ensure_nats ;;
  redis) ensure_redis ;;
  *) fail "unknown service '$service' (expected postgres, nats or redis)" ;;
  esac
done
