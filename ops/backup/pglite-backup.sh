#!/usr/bin/env bash
# Backs up an embedded (PGlite) installation: the whole DATA_DIR (the database in pglite/, the generated session
# signing key jwt-secret, the e-mail outbox) into one .tar.gz. Only while the server is STOPPED: PGlite is one
# process's database, and a copy taken while it writes may not open again.
#   ops/backup/pglite-backup.sh ./data /backups/gowild-$(date +%F).tar.gz
set -euo pipefail
data="${1:?usage: $0 DATA_DIR FILE.tar.gz}"
file="${2:?usage: $0 DATA_DIR FILE.tar.gz}"
if [ ! -f "$data/pglite/PG_VERSION" ]; then
  echo "no PGlite database in $data/pglite" >&2
  exit 1
fi
# PGlite writes postmaster.pid when it opens the database and removes it when it closes cleanly.
if [ -e "$data/pglite/postmaster.pid" ]; then
  echo "refusing to back up: the database in $data is open (pglite/postmaster.pid). Stop the server first (SIGTERM);" \
    "if it was killed instead, start it once and stop it cleanly." >&2
  exit 1
fi
tar -C "$data" -czf "$file.partial" .
mv "$file.partial" "$file"
echo "backed up $data to $file ($(du -h "$file" | cut -f1))"
