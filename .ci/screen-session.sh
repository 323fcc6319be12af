# Sourced by the screenshot scripts (.ci/screenshots.sh, .ci/practice-screenshots.sh): a scratch
# directory removed on exit with every process started into `pids`, a home of its own (settings,
# autosaves, practice history), a 1600x1000 Xvfb display with openbox, and the xdotool helpers both
# drive the window with. SCREENSHOT_DISPLAY=:N picks the display; else one from the script's PID.
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

export HOME=$work/home XDG_RUNTIME_DIR=$work/runtime
unset XDG_CONFIG_HOME XDG_DATA_HOME
mkdir -p "$HOME/.config/Keyplan/Keyplan" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"

display=${SCREENSHOT_DISPLAY:-:$((100 + $$ % 400))}
Xvfb "$display" -screen 0 1600x1000x24 -nolisten tcp > "$work/xvfb.log" 2>&1 &
pids+=($!)
export DISPLAY=$display
for _ in $(seq 50); do xdpyinfo > /dev/null 2>&1 && break; sleep 0.2; done
openbox > "$work/openbox.log" 2>&1 &
pids+=($!)
sleep 1

keys() { xdotool key --clearmodifiers "$@"; }
window() { # TITLE: the id of the visible window whose title matches TITLE, waiting for it
  for _ in $(seq 150); do
    id=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -1)
    [ -n "$id" ] && { echo "$id"; return; }
    sleep 0.2
  done
  echo "$(basename "$0" .sh): no window '$1'" >&2; return 1
}
