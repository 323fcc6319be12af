#!/usr/bin/env bash
# The user guide's screenshots of each main view in the light and the dark theme, 1600x1000, taken from
# the built window under Xvfb and openbox and driven from the keyboard with xdotool (its shortcuts are
# the user's: Help > Keyboard shortcuts lists them):
#   bash .ci/screenshots.sh [BUILD_DIR]    writes docs/screenshots/theme-{light,dark}-VIEW.png
# (on a display of its own; SCREENSHOT_DISPLAY=:N picks it)
# Needs the Debian packages xvfb, openbox, xdotool, x11-apps (xwd), imagemagick and git.
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(realpath "${1:-build}")
out=$PWD/docs/screenshots
source .ci/screen-session.sh

# A repository whose last commit keys GSI1 by status only while the work tree keys it by status and
# day: File > Compare with compares them.
repo=$work/shop
mkdir -p "$repo"
sed 's/STATUS#{status}#{orderDay}/STATUS#{status}/' resources/samples/ecommerce.keyplan.json > "$repo/shop.keyplan.json"
git -C "$repo" init -q -b main
git -C "$repo" add shop.keyplan.json
git -C "$repo" -c user.name=Keyplan -c user.email=keyplan@example.com commit -q -m "Orders by status"
cp resources/samples/ecommerce.keyplan.json "$repo/shop.keyplan.json"

shoot() { # NAME: the whole screen after the window has settled
  sleep "${2:-1.5}"
  xwd -root -silent | convert xwd:- "$out/theme-$theme-$1.png"
  # A screen all but black is a window that did not paint (the dark theme's mean is about 0.2).
  if [ "$(convert "$out/theme-$theme-$1.png" -format '%[fx:mean > 0.05]' info:)" != 1 ]; then
    echo "screenshots: $out/theme-$theme-$1.png is black" >&2; return 1
  fi
  echo "  $out/theme-$theme-$1.png"
}
# The frame's title bar takes the rest of the screen's 1000 pixels: the window goes below it.
fill() {
  xdotool windowactivate --sync "$1" windowsize --sync "$1" 1600 976
  sleep 1
  xdotool windowmove --sync "$1" 0 20
}
# Under openbox on Xvfb a window with a parent (Compare with, the practice report) filled over the filled
# main window shows its frame's black until it is raised and moved once more (shoot checks that it shows).
fill_child() {
  fill "$1"
  sleep 1
  xdotool windowraise "$1"
  sleep 1
  xdotool windowmove "$1" 0 21
}

for theme in light dark; do
  echo "theme $theme"
  mkdir -p "$HOME/.config/Keyplan/Keyplan"
  printf '[view]\ntheme=%s\n' "$theme" > "$HOME/.config/Keyplan/Keyplan/keyplan.ini"
  rm -rf "$HOME/.local/share/Keyplan"
  "$build/app/gui/keyplan" "$repo/shop.keyplan.json" > "$work/keyplan-$theme.log" 2>&1 &
  app=$!
  pids+=($app)
  main=$(window "shop.keyplan.json")
  fill "$main"
  keys ctrl+5; shoot layouts 3
  keys ctrl+6; shoot entities
  keys ctrl+7; shoot indexes
  keys ctrl+8; shoot cost
  keys ctrl+9; shoot problems
  # Compare with: the dialog offers this file at git revision HEAD.
  keys ctrl+shift+d
  window "Compare with$" > /dev/null
  keys Return
  compare=$(window "Compare shop.keyplan.json @ HEAD")
  fill_child "$compare"
  shoot compare 10
  xdotool windowclose "$compare"
  xdotool windowactivate --sync "$main"
  # Sample data (its dialog's default button generates), every pattern run, the console and the heatmap.
  keys ctrl+shift+g
  window "Generate sample data" > /dev/null
  keys Return
  sleep 6
  keys ctrl+r
  sleep 4
  # The console takes focus on its operation: S picks Scan, Ctrl+Return runs it.
  keys ctrl+2; sleep 1; xdotool type s; keys ctrl+Return; shoot console 4
  # PartiQL: E picks ExecuteStatement, Tab goes to the statement, its parameter and Limit; the sample's
  # (seed 1) customer with the most orders, newest first, ten to a page.
  keys ctrl+2; sleep 1; xdotool type e; keys Tab
  xdotool type --delay 20 "SELECT SK, status, total, itemCount FROM \"Shop\" WHERE PK = ? AND begins_with(SK, 'ORDER#') ORDER BY SK DESC"
  keys Tab; xdotool type --delay 10 '[{"S": "CUST#954fab87"}]'
  keys Tab; xdotool type 10; keys ctrl+Return; shoot partiql 4
  keys ctrl+3; shoot heatmap
  # A practice round on the first scenario, submitted as it is: the report.
  keys ctrl+shift+p
  window "Start practice" > /dev/null
  keys Return
  sleep 3
  keys ctrl+shift+Return
  # Submitting asks first (its default is Cancel): Yes.
  xdotool windowactivate --sync "$(window "^Practice$")"
  keys alt+y
  report=$(window "Practice report")
  fill_child "$report"
  shoot practice-report 10
  kill "$app"
  wait "$app" 2>/dev/null || true
done
