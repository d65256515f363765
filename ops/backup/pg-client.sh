# shellcheck shell=bash
# Sourced by the PostgreSQL backup scripts: picks pg_dump and pg_restore of the server's own major version.
#
# pg_dump refuses a server newer than itself, and an archive made by a newer pg_dump may not restore into an older
# server, so both ends use the client whose major version is the server's. PG_BIN may name the directory holding
# them; otherwise Debian's /usr/lib/postgresql/<major>/bin, otherwise the ones on PATH.

# The server's major version (15 for 15.20), asked through DATABASE_URL.
server_major() {
  local num
  num="$(psql --no-psqlrc --quiet --tuples-only --no-align --dbname="$DATABASE_URL" --command='show server_version_num')" || {
    echo "cannot reach the database in DATABASE_URL" >&2
    return 1
  }
  echo $((num / 10000))
}

# Sets PG_DUMP and PG_RESTORE to the client tools of the server's major version, or fails saying what to install.
pick_pg_client() {
  local major dir found
  major="$(server_major)"
  if [ -n "${PG_BIN:-}" ]; then
    dir="$PG_BIN"
  elif [ -x "/usr/lib/postgresql/$major/bin/pg_dump" ]; then
    dir="/usr/lib/postgresql/$major/bin"
  else
    dir="$(dirname "$(command -v pg_dump || echo /nonexistent/pg_dump)")"
  fi
  PG_DUMP="$dir/pg_dump"
  PG_RESTORE="$dir/pg_restore"
  if [ ! -x "$PG_DUMP" ] || [ ! -x "$PG_RESTORE" ]; then
    echo "pg_dump and pg_restore not found in $dir: install the PostgreSQL $major client (Debian: postgresql-client-$major)" >&2
    return 1
  fi
  found="$("$PG_DUMP" --version | sed -E 's/.* ([0-9]+)(\.[0-9]+)*.*/\1/')"
  if [ "$found" != "$major" ]; then
    echo "$PG_DUMP is PostgreSQL $found but the server is PostgreSQL $major: use the client of the server's major version (PG_BIN=…/bin, or Debian's postgresql-client-$major)" >&2
    return 1
  fi
  echo "PostgreSQL $major server; client: $("$PG_DUMP" --version)"
}
