#!/usr/bin/env bash
# Restores a pglite-backup.sh FILE into DATA_DIR, which must not hold a database yet (a new directory, or one whose
# pglite/ was moved aside). Then start the server with that DATA_DIR.
#   ops/backup/pglite-restore.sh /backups/gowild.tar.gz ./data
set -euo pipefail
file="${1:?usage: $0 FILE.tar.gz DATA_DIR}"
data="${2:?usage: $0 FILE.tar.gz DATA_DIR}"
[ -f "$file" ] || {
  echo "no backup file at $file" >&2
  exit 1
}
if [ -e "$data/pglite" ]; then
  echo "refusing to restore: $data already holds a database (pglite/); move it aside or pick a new DATA_DIR" >&2
  exit 1
fi
mkdir -p "$data"
tar -C "$data" -xzf "$file"
echo "restored $file into $data"
