#!/usr/bin/env bash
# Restores a dump made by deploy/backup.sh into an EMPTY database, then brings its schema up
# to the code's (a dump older than the code). Stop web, workers and beat first, and put
# the settings file kept with the dump back (SECRET_KEY: without it every session ends
# and the house bots need new tokens).
#
#   DATABASE_URL=postgres://.../diplomacy deploy/restore.sh /var/backups/diplomacy/diplomacy-20261129T080000Z.dump
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL to the (empty) database to restore into}"
dump=${1:?usage: deploy/restore.sh DUMP}
cd "$(dirname "$0")/.."
python=${PYTHON:-.venv/bin/python}
pg_restore --no-owner --no-privileges --exit-on-error --single-transaction \
  --dbname "$DATABASE_URL" "$dump"
"$python" manage.py migrate --noinput
