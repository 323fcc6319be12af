#!/bin/sh
# Installs the pinned aws-cdk-lib, constructs, TypeScript and @cdktf/hcl2json (package-lock.json)
# into a cache directory on first use, then checks the CDK and Terraform exports of every design in
# the folders given: usage: run.sh KEYPLAN_CLI DESIGN_DIR...
set -e
here=$(cd "$(dirname "$0")" && pwd)
cache="${XDG_CACHE_HOME:-$HOME/.cache}/keyplan/infrastructure"
mkdir -p "$cache"
if ! cmp -s "$here/package-lock.json" "$cache/package-lock.json" || [ ! -d "$cache/node_modules/aws-cdk-lib" ]; then
    cp "$here/package.json" "$here/package-lock.json" "$cache/"
    (cd "$cache" && npm ci --no-audit --no-fund >/dev/null)
fi
cp "$here/check.mjs" "$cache/check.mjs"
exec node "$cache/check.mjs" "$@"
