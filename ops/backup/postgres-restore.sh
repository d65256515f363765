#!/usr/bin/env bash
# Restores a postgres-backup.sh FILE into the EMPTY database in DATABASE_URL (create it first: createdb, or
# CREATE DATABASE). All or nothing: one transaction, stopped at the first error. Start the service on it afterwards.
#   DATABASE_URL=postgres://user:password@host:5432/gowild_restored ops/backup/postgres-restore.sh /backups/gowild.dump
set -euo pipefail
file="${1:?usage: DATABASE_URL=postgres://… $0 FILE}"
: "${DATABASE_URL:?set DATABASE_URL to the empty database to restore into}"
[ -f "$file" ] || {
  echo "no backup file at $file" >&2
  exit 1
}
# shellcheck source=ops/backup/pg-client.sh
. "$(dirname "$0")/pg-client.sh"
pick_pg_client

# Restoring over a live database would mix two states; refuse anything but an empty one.
tables="$(psql --no-psqlrc --quiet --tuples-only --no-align --dbname="$DATABASE_URL" \
  --command="select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")"
if [ "$tables" != "0" ]; then
  echo "refusing to restore: the target database already has $tables tables (restore into a new, empty database)" >&2
  exit 1
fi

"$PG_RESTORE" --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$DATABASE_URL" "$file"
echo "restored $file"
