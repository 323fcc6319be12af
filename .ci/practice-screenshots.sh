#!/usr/bin/env bash
# The user guide's screenshots of a practice round in interview mode, 1600x1000, taken from the built
# window under Xvfb and openbox and driven with xdotool as .ci/screenshots.sh does: a 3-minute round on
# ecommerce-orders with notes written in the brief's Notes pane, the clock in its stages, the
# curveball arriving at its stage, and the report marking the notes.
#   bash .ci/practice-screenshots.sh [BUILD_DIR]    writes docs/screenshots/practice-1{0,1,2}-*.png
# (on a display of its own; SCREENSHOT_DISPLAY=:N picks it)
# Needs the Debian packages xvfb, openbox, xdotool, x11-apps (xwd) and imagemagick. Windows are taken
# by their own id: a dialog mapped after the main window reads black in a capture of the root window.
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(realpath "${1:-build}")
out=$PWD/docs/screenshots
source .ci/screen-session.sh

# The chooser opens with the mode and the limit of the last round: interview, 3 minutes.
printf '[view]\ntheme=light\n[practice]\ninterviewMode=true\nminutes=3\n' > "$HOME/.config/Keyplan/Keyplan/keyplan.ini"

fill() { xdotool windowactivate --sync "$1" windowmove "$1" 0 0 windowsize "$1" 1600 976; }
shoot() { # WINDOW NAME [SECONDS]: that window after it has settled
  sleep "${3:-1.5}"
  xwd -id "$1" -silent | convert xwd:- "$out/$2.png"
  echo "  $out/$2.png"
}
# Seconds since the round started, by the wall clock the round's own clock follows.
started=0
waitUntil() { # SECONDS into the round
  while [ $(( $(date +%s) - started )) -lt "$1" ]; do sleep 1; done
}

"$build/app/gui/keyplan" > "$work/keyplan.log" 2>&1 &
pids+=($!)
main=$(window "Keyplan$")
fill "$main"
sleep 3
keys ctrl+shift+p
chooser=$(window "^Start practice$")
sleep 2
# The scenario list takes type-ahead: E-commerce orders.
xdotool type --delay 80 "E-commerce"
sleep 1
keys Return
started=$(date +%s)
sleep 3
fill "$main"
# The Notes pane sits under the brief in the Practice brief dock: click it and write the opening.
xdotool mousemove --window "$main" 217 472 click 1
xdotool type --delay 25 "Let me restate it: 50 million orders, 2,000 a second at peak, five patterns. I'll list the access patterns first, with their rates, then draw keys. "
waitUntil 45
shoot "$main" practice-10-interview-stages-notes
# The close, then the curveball arrives when its stage begins (two fifths of a minute before the end).
xdotool type --delay 25 "Close: the customer key is a hot partition risk for the biggest customers; I'd bucket it by month. Reporting is out of scope."
waitUntil 150
shoot "$main" practice-11-curveball-mid-round
keys ctrl+shift+Return
confirm=$(window "^Practice$")
xdotool windowactivate --sync "$confirm"
keys alt+y
report=$(window "Practice report")
fill "$report"
sleep 4
# The Follow-up questions tab: the notes are marked first, each point with the words that made it.
xdotool mousemove --window "$report" 438 65 click 1
shoot "$report" practice-12-notes-marked 3
