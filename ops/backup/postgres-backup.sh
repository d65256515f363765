#!/usr/bin/env bash
# Backs up the PostgreSQL database in DATABASE_URL into FILE (pg_dump's custom format: compressed, restored with
# postgres-restore.sh). Safe while the service runs: pg_dump reads one consistent snapshot and blocks no writer.
#   DATABASE_URL=postgres://user:password@host:5432/gowild ops/backup/postgres-backup.sh /backups/gowild-$(date +%F).dump
set -euo pipefail
file="${1:?usage: DATABASE_URL=postgres://… $0 FILE}"
: "${DATABASE_URL:?set DATABASE_URL to the database to back up}"
# shellcheck source=ops/backup/pg-client.sh
. "$(dirname "$0")/pg-client.sh"
pick_pg_client

# Written beside the target and renamed when complete, so a failed run never leaves a file that looks like a backup.
"$PG_DUMP" --format=custom --no-owner --no-privileges --file="$file.partial" --dbname="$DATABASE_URL"
mv "$file.partial" "$file"
echo "backed up to $file ($(du -h "$file" | cut -f1))"
