#!/bin/sh
# Run once by the postgres image on a new data directory (docker-entrypoint-initdb.d): the role the
# service connects as, which owns its database and is no superuser (the migrations create the rest).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v app_password="$APP_DB_PASSWORD" <<'SQL'
create role backoffice login nosuperuser nocreatedb nocreaterole password :'app_password';
create database insurance owner backoffice;
SQL
