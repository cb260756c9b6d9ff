#!/bin/sh
# The entrypoint of the stand-in for the postgres image (postgres.Containerfile beside this):
# on the first start it makes the database cluster the way the real image does from
# POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB, then runs PostgreSQL as `postgres`,
# listening on every address of the container's network.
set -eu
if [ "${1:-}" = postgres ]; then shift; fi
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" postgres "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?is needed by this stand-in, as by the real image without trust auth}"
  user="${POSTGRES_USER:-postgres}"
  database="${POSTGRES_DB:-$user}"
  password_file="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" > "$password_file"
  initdb --pgdata="$PGDATA" --username="$user" --pwfile="$password_file" --encoding=UTF8 \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$password_file"
  # Other containers of the network sign in with the password, as with the real image.
  echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
  if [ "$database" != postgres ]; then
    echo "CREATE DATABASE \"$database\";" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
  echo "Stand-in PostgreSQL: made the cluster, superuser $user, database $database."
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
