# Sourced by the scripts that drive a full screen in tmux (live-search.sh, browse-app.sh):
# a private tmux server with one 100x30 pane running a clean shell, and `wait_for` and its
# kin, which save each step's screen as OUT/NN-name.screen for the Swift test to read.
# Needs $out set; the pane is the session "e2e".
tmux() { command tmux -L "wpnews-e2e-$$" "$@"; }
# A wait that gave up fails the run, once every step has had its turn.
gave_up=
trap 'tmux kill-server 2>/dev/null || true; [[ -z $gave_up ]] || exit 1' EXIT

step=0
# The screen of the last look, which the conditions below read.
screen=
# Looks at the screen (up to 30 s) until the condition, a command and its arguments, holds
# for it and the screen is the same at two looks in a row: the app writes a frame from the
# top down, and a look in the middle of one would see half of it. Then saves it as the
# next step; after 30 s it saves what the screen holds then and says which wait gave up.
# The limit is in seconds, not looks: on a loaded machine (make test runs the tmux tests
# side by side) a look itself can take a good part of a second.
wait_until() { # name condition...
  local name=$1 previous= held= deadline=$((SECONDS + 30))
  shift
  while ((SECONDS < deadline)); do
    screen=$(tmux capture-pane -t e2e -p)
    if [[ $screen == "$previous" ]] && "$@"; then held=1; break; fi
    previous=$screen
    sleep 0.05
  done
  if [[ -z $held ]]; then
    echo "tmux-steps: gave up waiting for $name: $*" >&2
    gave_up=1
  fi
  step=$((step + 1))
  printf '%s\n' "$screen" > "$out/$(printf %02d $step)-$name.screen"
}

shows() { grep -qF -- "$1" <<<"$screen"; }
lacks() { ! shows "$1"; }
row() { sed -n "$1p" <<<"$screen"; }
# A story open in the reader (its byline says how long it reads) whose title, on the
# second row, is not TITLE: after n or p the old story is on the screen until the new one
# is drawn, so " min read" alone would not say the key was acted on.
reads_other_than() { shows " min read" && [[ $(row 2) != "$1" ]]; }

wait_for() { wait_until "$1" shows "$2"; } # name text

# A left button pressed and released at COLUMN ROW (counted from 1, as terminals count),
# typed as the SGR reports a terminal sends.
click() { tmux send-keys -t e2e -l $'\e'"[<0;$1;$2M"$'\e'"[<0;$1;$2m"; }
# Where TEXT first shows on the last screen looked at: "COLUMN ROW", counted from 1.
where() {
  python3 -c 'import sys
for row, line in enumerate(sys.argv[2].split("\n"), 1):
    if sys.argv[1] in line:
        print(line.index(sys.argv[1]) + 1, row)
        break' "$1" "$screen"
}
wait_without() { wait_until "$1" lacks "$2"; } # name text

tmux new-session -d -s e2e -x 100 -y 30 "env -i PATH=/usr/bin:/bin TERM=xterm HOME=$out bash --norc --noprofile"
