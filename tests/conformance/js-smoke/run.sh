#!/bin/sh
# Installs the pinned AWS SDK for JavaScript v3 (package-lock.json) into a cache directory on
# first use, then runs the script named as $2 (smoke.mjs by default) from there against the
# keyplan-cli given as $1.
set -e
here=$(cd "$(dirname "$0")" && pwd)
cache="${XDG_CACHE_HOME:-$HOME/.cache}/keyplan/js-smoke"
mkdir -p "$cache"
if ! cmp -s "$here/package-lock.json" "$cache/package-lock.json" || [ ! -d "$cache/node_modules/@aws-sdk/client-dynamodb-streams" ]; then
    cp "$here/package.json" "$here/package-lock.json" "$cache/"
    (cd "$cache" && npm ci --no-audit --no-fund >/dev/null)
fi
script="${2:-smoke.mjs}"
cp "$here/$script" "$cache/$script"
exec node "$cache/$script" "$1"
