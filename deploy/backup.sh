#!/usr/bin/env bash
# A backup of the site: everything players made lives in PostgreSQL (accounts, games,
# phases, orders, press, ratings, tournaments, the Web Push key the site made itself), so
# one pg_dump is the backup; Redis holds nothing that is not made again (queued tasks,
# which beat's sweep queues again, the cache and live-update groups). The settings file
# holds the rest that must be kept: SECRET_KEY (sessions, the house bots' tokens) and the
# VAPID keys if they were set there. Keep both, and copy them off the machine.
#
#   DATABASE_URL=postgres://... ENV_FILE=/etc/diplomacy/env deploy/backup.sh /var/backups/diplomacy
#
# Prints the dump's path. Restore with deploy/restore.sh.
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL: the database of the site}"
dir=${1:?usage: deploy/backup.sh DIRECTORY}
stamp=$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$dir"
umask 077
# The custom format: compressed, and restored table by table (pg_restore).
pg_dump --format=custom --no-owner --no-privileges --file "$dir/diplomacy-$stamp.dump" "$DATABASE_URL"
if [ -n "${ENV_FILE:-}" ]; then
  cp "$ENV_FILE" "$dir/diplomacy-$stamp.env"
fi
echo "$dir/diplomacy-$stamp.dump"
