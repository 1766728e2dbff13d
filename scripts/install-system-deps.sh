#!/usr/bin/env bash
# The system packages the live tests need: Xvfb, xdotool, xprop/xrandr, openbox, zenity,
# scrot, xclip, fonts, Chromium and its WebDriver (and Tk for Python when it is missing),
# and Tesseract (tesseract-ocr, which pulls its English data tesseract-ocr-eng), the
# baseline index `make bench` compares ours with.
# dbus-daemon (dbus-run-session) and at-spi2-core (at-spi-bus-launcher, at-spi2-registryd)
# give the live accessibility tests a session bus and an AT-SPI2 registry; python3-gi and
# gir1.2-gtk-4.0 let them run a GTK 4 window with the system Python. x11-apps
# (xcalc) and x11-utils (xmessage) are the X Toolkit programs of tests/test_live_shapes.py.
# xterm is the real terminal tests/test_live_terminal.py keeps every input out of.
# mousepad (a GTK 3 editor) and pcmanfm (a GTK file manager) are the GTK programs of
# tests/test_live_procedures.py. nedit (a Motif editor) and tk8.6 (wish, Tk's own file
# dialog and combo box) are the other toolkits of tests/test_live_procedures_more.py.
# l3afpad (a GTK 2 editor whose Replace is only in its Search menu) proves procedures take
# a command from a menu bar there. parcellite (a clipboard
# manager) is the one whose entry tests/test_live_clipboard_manager.py may not paste into
# a terminal. abiword (a word processor with busy toolbars) asks "Save changes ... before
# closing?" over more than a menu's twelve entries (tests/test_live_intent_dialogs.py).
# xfe (Xfe, a FOX toolkit file manager) renames a file in tests/test_live_procedures_third.py.
# xserver-xephyr (Xephyr) is the nested X server --sandbox shows a program in
# (tests/test_live_sandbox.py). gir1.2-vte-2.91 is the VTE terminal widget that
# tests/test_live_terminal_role.py knows only by its accessibility role. gnome-shell is the
# desktop shell whose overview search tests/test_live_gnome_shell.py keeps typing out of.
# Installs them with apt-get when run as root; otherwise prints the exact command and exits 0, so the live tests
# skip with that reason outside CI (in CI, CI=true turns a skipped live test into a failure).
set -euo pipefail

PYTHON="${PYTHON:-python3}"
PACKAGES=(xvfb xdotool x11-utils x11-xserver-utils openbox zenity scrot xclip fonts-dejavu-core
  chromium chromium-driver tesseract-ocr tesseract-ocr-eng dbus-daemon at-spi2-core x11-apps
  yad tk8.6-doc xfonts-base gir1.2-atspi-2.0 python3-gi xterm mousepad pcmanfm xserver-xephyr
  gir1.2-vte-2.91 nedit tk8.6 xfe featherpad pcmanfm-qt tint2 l3afpad parcellite
  abiword gnome-shell)
# program -> the package that provides it
declare -A PROVIDES=(
  [Xvfb]=xvfb [xdotool]=xdotool [xprop]=x11-utils [xrandr]=x11-xserver-utils
  [openbox]=openbox [zenity]=zenity [scrot]=scrot [xclip]=xclip
  [chromium]=chromium [chromedriver]=chromium-driver [tesseract]=tesseract-ocr
  [dbus-daemon]=dbus-daemon [dbus-run-session]=dbus-daemon [xcalc]=x11-apps [xmessage]=x11-utils
  [yad]=yad [xterm]=xterm [mousepad]=mousepad [pcmanfm]=pcmanfm [Xephyr]=xserver-xephyr
  [nedit]=nedit [wish]=tk8.6 [xfe]=xfe [featherpad]=featherpad [pcmanfm-qt]=pcmanfm-qt
  [tint2]=tint2 [l3afpad]=l3afpad [parcellite]=parcellite
  [abiword]=abiword [gnome-shell]=gnome-shell
)

missing=()
for program in "${!PROVIDES[@]}"; do
  command -v "$program" >/dev/null 2>&1 || missing+=("${PROVIDES[$program]}")
done
[ -d /usr/share/fonts/truetype/dejavu ] || missing+=(fonts-dejavu-core)
# scripts/record_controls.py: Tk's demos, the X fonts xmessage/xcalc are shown in, and an
# AT-SPI reader under Debian's own python3
[ -d /usr/share/doc/tk8.6-doc/demos ] || missing+=(tk8.6-doc)
[ -f /usr/share/fonts/X11/misc/10x20.pcf.gz ] || missing+=(xfonts-base)
/usr/bin/python3 -c "import gi; gi.require_version('Atspi', '2.0')" >/dev/null 2>&1 \
  || missing+=(gir1.2-atspi-2.0 python3-gi at-spi2-core)
[ -x /usr/libexec/at-spi-bus-launcher ] || missing+=(at-spi2-core)
/usr/bin/python3 -c "import gi; gi.require_version('Vte', '2.91')" >/dev/null 2>&1 \
  || missing+=(gir1.2-vte-2.91 python3-gi)
if ! /usr/bin/python3 -c "import gi; gi.require_version('Gtk', '4.0')" >/dev/null 2>&1; then
  missing+=(python3-gi gir1.2-gtk-4.0)
  PACKAGES+=(python3-gi gir1.2-gtk-4.0)
fi
if ! "$PYTHON" -c "import tkinter" >/dev/null 2>&1; then
  missing+=(python3-tk)
  PACKAGES+=(python3-tk)
fi

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi
line="apt-get install -y --no-install-recommends ${PACKAGES[*]}"
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "install-system-deps: installing ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $line >/dev/null
else
  echo "install-system-deps: missing ${missing[*]}; the live tests will skip. Install with:" >&2
  echo "  sudo apt-get update && sudo $line" >&2
fi
