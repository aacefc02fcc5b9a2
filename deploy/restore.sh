#!/usr/bin/env bash
# Restores a dump made by deploy/backup.sh into an EMPTY database, then brings its schema up
# to the code's (a dump older than the code). Stop web, workers and beat first, and put
# the settings file kept with the dump back (SECRET_KEY: without it every session ends
# and the house bots need new tokens).
#
#   ENV_FILE=/etc/diplomacy/env DATABASE_URL=postgres://.../diplomacy \
#     deploy/restore.sh /var/backups/diplomacy/diplomacy-20261129T080000Z.dump
#
# ENV_FILE: the site's settings, which the migration runs with (as the site's processes
# do: without them it would make a secret key of its own in the code's folder, or fail
# where that folder is not writable). DATABASE_URL, given here, wins over the file's.
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL to the (empty) database to restore into}"
dump=${1:?usage: deploy/restore.sh DUMP}
dump=$(realpath "$dump")
if [ -n "${ENV_FILE:-}" ]; then
  # Read as systemd's EnvironmentFile= reads it (KEY=value lines, # comments, a value's
  # surrounding quotes dropped), never run as shell: a secret key may hold $ ( & or `.
  while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in '' | '#'* | ';'*) continue ;; esac
    key=${line%%=*}
    value=${line#*=}
    case "$value" in \"*\" | \'*\') value=${value:1:${#value}-2} ;; esac
    [ "$key" = DATABASE_URL ] || export "$key=$value"
  done <"$ENV_FILE"
fi
cd "$(dirname "$0")/.."
python=${PYTHON:-.venv/bin/python}
pg_restore --no-owner --no-privileges --exit-on-error --single-transaction \
  --dbname "$DATABASE_URL" "$dump"
"$python" manage.py migrate --noinput
