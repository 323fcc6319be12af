#!/usr/bin/env bash
# The README's two commands, and the sanitizer run:
#   bash .ci/keyplan.sh run [ARGS...]   install missing Debian packages, build, run the designer
#   bash .ci/keyplan.sh test            install missing Debian packages, build, run every test (ctest)
#   bash .ci/keyplan.sh sanitize        the same with AddressSanitizer and UndefinedBehaviorSanitizer, in
#                                       build-sanitize/, running the unit and widget tests
#   bash .ci/keyplan.sh package         install missing Debian packages, build, write the Debian package
#                                       build/keyplan_<version>_amd64.deb (cpack -G DEB)
set -euo pipefail
cd "$(dirname "$0")/.."

command=${1:-run}
case "$command" in
  run|test|sanitize|package) ;;
  *) echo "usage: $0 run [ARGS...] | test | sanitize | package" >&2; exit 2 ;;
esac

packages=(build-essential cmake ninja-build ccache pkg-config
          qt6-base-dev qt6-base-dev-tools qt6-svg-dev qt6-charts-dev libgl-dev
          libsqlite3-dev libboost-dev libcpp-httplib-dev libssl-dev zlib1g-dev libstemmer-dev
          libbenchmark-dev python3 python3-boto3 python3-pytest python3-yaml
          nodejs npm default-jre-headless xvfb xauth clang-format-14 git dpkg-dev file)
# clang-format-14 (what Debian 12's clang-format package points at) by its versioned name: the format
# test (.ci/check-format.py) runs that binary, since another version formats differently. git: the
# commit subject tests read the checkout's history and tst_cli_git_review runs the documented hook.
# dpkg-dev and file: cpack's Debian package computes its dependencies with dpkg-shlibdeps.

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# A machine that already has node/java from elsewhere does not need Debian's.
if command -v node >/dev/null && command -v npm >/dev/null; then
  missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
fi
if command -v java >/dev/null; then missing=("${missing[@]/default-jre-headless}"); fi
read -r -a missing <<< "${missing[*]:-}"
if [ ${#missing[@]} -gt 0 ]; then
  echo "keyplan: installing Debian packages: ${missing[*]}"
  sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}"
fi

# Warnings are errors in CI (CI=true, as CI services set it), where the compiler is the known one.
werror=OFF
if [ "${CI:-}" = "true" ]; then werror=ON; fi
# -g1 keeps what a backtrace needs (functions, lines) at a fifth of -g's object size: a full -g build
# takes over 3 GB of disk, and CI machines run short of it.
if [ "$command" = sanitize ]; then
  # Its own build tree (every object differs), -O1 as the sanitizers advise for their stack traces,
  # asserts on, no benchmarks (they time, and a sanitizer build's times mean nothing).
  build_dir=${KEYPLAN_BUILD_DIR:-build-sanitize}
  flags=(-DKEYPLAN_SANITIZE=ON -DKEYPLAN_BUILD_BENCH=OFF -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1")
else
  build_dir=${KEYPLAN_BUILD_DIR:-build}
  flags=(-DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG")
fi
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKEYPLAN_WERROR=$werror "${flags[@]}" >/dev/null
if ! cmake --build "$build_dir" -j2; then
  # A compile that fails for want of disk or memory can print nothing of its own. Say what the machine has,
  # then build what failed one job at a time, so a real error shows alone and a squeeze gets a second chance.
  echo "keyplan: the build failed. Disk and memory now:" >&2
  { df -h "$build_dir"; df -h "$(ccache -k cache_dir)"; free -m; } >&2 2>/dev/null || true
  echo "keyplan: building again with one job:" >&2
  cmake --build "$build_dir" -j1
fi

case "$command" in
  run)
    shift || true
    if [ -x "$build_dir/app/gui/keyplan" ]; then exec "$build_dir/app/gui/keyplan" "$@"; fi
    exec "$build_dir/app/cli/keyplan-cli" "$@"
    ;;
  test)
    cd "$build_dir"
    exec ctest --output-on-failure -j2 --timeout 1200
    ;;
  package)
    # The package holds what `cmake --install` installs, dependencies from dpkg-shlibdeps.
    cd "$build_dir"
    rm -f keyplan_*.deb
    cpack -G DEB
    ls "$PWD"/keyplan_*.deb
    ;;
  sanitize)
    # A finding stops the test that made it, with its stack: ASan aborts on the first error (and
    # reports leaks at exit), UBSan does too (-fno-sanitize-recover=undefined).
    cd "$build_dir"
    export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1}
    export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
    exec ctest --output-on-failure -j2 --timeout 1200 -L '^(unit|widget)$'
    ;;
esac
