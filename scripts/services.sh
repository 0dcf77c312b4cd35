#!/usr/bin/env bash
# Starts or stops PostgreSQL and nats-server on loopback in a private folder.
#   scripts/services.sh start DIR   -> starts both, writes DIR/env (source it): addresses and the NATS passwords
#   scripts/services.sh stop DIR    -> stops both
# Ports come from FOLIO_PG_PORT (default 55432) and FOLIO_NATS_PORT (default 54222).
set -euo pipefail

# Servers started here must not inherit the caller's descriptors: a test runner that watches a pipe
# or socket for its child's exit would otherwise wait for the servers too.
for fd in /proc/$$/fd/*; do
    fd=${fd##*/}
    [ "$fd" -gt 2 ] 2>/dev/null && eval "exec $fd>&-" 2>/dev/null || true
done

cmd=${1:?usage: services.sh start|stop|restart-pg|restart-nats DIR}
dir=${2:?usage: services.sh start|stop DIR}
# The ports of a folder's services are remembered at start, so a later stop or restart uses the same ones.
if [ -z "${FOLIO_PG_PORT:-}" ] && [ -z "${FOLIO_NATS_PORT:-}" ] && [ -f "$dir/ports" ]; then
    read -r FOLIO_PG_PORT FOLIO_NATS_PORT <"$dir/ports"
fi
pg_port=${FOLIO_PG_PORT:-55432}
nats_port=${FOLIO_NATS_PORT:-54222}
scripts=$(cd "$(dirname "$0")" && pwd)
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
run_as=postgres

as_pg() {
    if [ "$(id -u)" = 0 ]; then runuser -u "$run_as" -- "$@"; else "$@"; fi
}

start_pg() {
    if [ ! -f "$dir/pg/PG_VERSION" ]; then
        mkdir -p "$dir/pg" "$dir/pgsock" "$dir/pglog"
        [ "$(id -u)" = 0 ] && chown -R "$run_as" "$dir/pg" "$dir/pgsock" "$dir/pglog"
        as_pg "$pg_bin/initdb" -D "$dir/pg" -U postgres --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1
        {
            echo "listen_addresses = '127.0.0.1'"
            echo "port = $pg_port"
            echo "unix_socket_directories = '$dir/pgsock'"
            echo "fsync = off"
            echo "max_connections = 200"
        } >>"$dir/pg/postgresql.conf"
    fi
    # The port is given at every start, so a folder made with other ports starts on the ones asked for now.
    as_pg "$pg_bin/pg_ctl" -D "$dir/pg" -l "$dir/pglog/pg.log" -o "-p $pg_port" -w start >/dev/null
}

stop_pg() { as_pg "$pg_bin/pg_ctl" -D "$dir/pg" -m fast -w stop >/dev/null 2>&1 || true; }

start_nats() {
    # FOLIO_NATS_MAX_PAYLOAD sets the largest message (here 8 MiB unless set; NATS's own default is 1 MiB), for
    # stores with big models; the folder keeps it for restarts.
    local max_payload=8388608
    if [ -n "${FOLIO_NATS_MAX_PAYLOAD:-}" ]; then
        max_payload=$FOLIO_NATS_MAX_PAYLOAD
    elif [ -f "$dir/nats.conf" ]; then
        max_payload=$(awk '/^max_payload:/ {print $2}' "$dir/nats.conf")
    fi
    # One user per process with its subject permissions, and the test user (docs/operations.md); the passwords
    # are made once per folder, so a restarted server takes the same ones.
    "$scripts/nats-users.sh" "$dir/nats-users"
    {
        echo "max_payload: ${max_payload:-8388608}"
        echo "include ./nats-users/auth.conf"
    } >"$dir/nats.conf"
    setsid nats-server -c "$dir/nats.conf" -a 127.0.0.1 -p "$nats_port" </dev/null >>"$dir/nats.log" 2>&1 &
    echo $! >"$dir/nats.pid"
    for _ in $(seq 1 50); do
        (exec 3<>"/dev/tcp/127.0.0.1/$nats_port") 2>/dev/null && return 0
        sleep 0.1
    done
    echo "nats-server did not start; see $dir/nats.log" >&2
    return 1
}

stop_nats() {
    if [ -f "$dir/nats.pid" ]; then
        kill "$(cat "$dir/nats.pid")" 2>/dev/null || true
        rm -f "$dir/nats.pid"
        sleep 0.2
    fi
}

case "$cmd" in
start)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chmod 755 "$dir"
    start_pg
    start_nats
    echo "$pg_port $nats_port" >"$dir/ports"
    # A development secrets key (FOLIO_SECRETS_KEY, base64url of 32 random bytes), made once per folder so the
    # snapshots and saved inquiry tokens sealed with it open after a restart.
    if [ ! -f "$dir/secrets-key" ]; then
        (umask 077 && head -c 32 /dev/urandom | base64 -w0 | tr '+/' '-_' | tr -d '=' >"$dir/secrets-key")
    fi
    cat >"$dir/env" <<ENV
export FOLIO_DATABASE_URL="postgresql://postgres@127.0.0.1:$pg_port/postgres"
export FOLIO_NATS_URL="nats://127.0.0.1:$nats_port"
export FOLIO_SERVICES_DIR="$dir"
# Whoever sources this file is the NATS user test (full rights: tests and benchmarks). A process of the stack
# gets its own user instead: FOLIO_NATS_USER=<user> FOLIO_NATS_PASSWORD=\$FOLIO_NATS_PASSWORD_<USER>.
export FOLIO_NATS_USER=test
export FOLIO_NATS_PASSWORD="$(cat "$dir/nats-users/test.password")"
export FOLIO_SECRETS_KEY="$(cat "$dir/secrets-key")"
ENV
    for user in gateway auth inquiry vault documents test; do
        echo "export FOLIO_NATS_PASSWORD_${user^^}=\"$(cat "$dir/nats-users/$user.password")\"" >>"$dir/env"
    done
    chmod 600 "$dir/env"
    echo "PostgreSQL on 127.0.0.1:$pg_port, NATS on 127.0.0.1:$nats_port; source $dir/env"
    ;;
stop) stop_nats; stop_pg ;;
stop-pg) stop_pg ;;
start-pg) start_pg ;;
stop-nats) stop_nats ;;
start-nats) start_nats ;;
*) echo "unknown command $cmd" >&2; exit 2 ;;
esac
