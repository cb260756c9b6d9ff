#!/bin/sh
# The entrypoint of the stand-in for the redis image (redis.Containerfile beside this): like the
# real image's, it runs redis-server as `redis` in /data, and turns protected mode off (the real
# image builds Redis with it off), so the other containers of the network may connect.
set -eu
if [ "${1#-}" != "$1" ]; then set -- redis-server "$@"; fi
if [ "$1" = redis-server ]; then
  if [ "$(id -u)" = 0 ]; then
    chown -R redis:redis /data
    exec setpriv --reuid=redis --regid=redis --init-groups "$0" "$@"
  fi
  set -- "$@" --protected-mode no
fi
exec "$@"
