#!/bin/sh
# Installs the pinned ElectroDB, dynamodb-onetable, DynamoDB Toolbox, TypeScript and AWS SDK
# packages (package-lock.json) into a cache directory on first use, then checks the library
# exports of every design in the folders given: usage: run.sh KEYPLAN_CLI DESIGN_DIR...
set -e
here=$(cd "$(dirname "$0")" && pwd)
cache="${XDG_CACHE_HOME:-$HOME/.cache}/keyplan/library-schemas"
mkdir -p "$cache"
if ! cmp -s "$here/package-lock.json" "$cache/package-lock.json" || [ ! -d "$cache/node_modules/dynamodb-toolbox" ]; then
    cp "$here/package.json" "$here/package-lock.json" "$cache/"
    (cd "$cache" && npm ci --no-audit --no-fund >/dev/null)
fi
cp "$here/check.mjs" "$cache/check.mjs"
exec node "$cache/check.mjs" "$@"
