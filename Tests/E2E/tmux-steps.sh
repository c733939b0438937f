# Sourced by the scripts that drive a full screen in tmux (live-search.sh, browse-app.sh):
# a private tmux server with one 100x30 pane running a clean shell, and `wait_for`, which
# saves each step's screen as OUT/NN-name.screen for the Swift test to read.
# Needs $out set; the pane is the session "e2e".
tmux() { command tmux -L "wpnews-e2e-$$" "$@"; }
trap 'tmux kill-server 2>/dev/null || true' EXIT

step=0
# Waits (up to 15 s) for TEXT on the screen, then saves the screen as the next step.
wait_for() { # name text
  local name=$1 text=$2 screen
  for _ in $(seq 300); do
    screen=$(tmux capture-pane -t e2e -p)
    if grep -qF -- "$text" <<<"$screen"; then break; fi
    sleep 0.05
  done
  step=$((step + 1))
  printf '%s\n' "$screen" > "$out/$(printf %02d $step)-$name.screen"
}

# Waits (up to 15 s) until TEXT is gone from the screen, then saves it as the next step.
wait_without() { # name text
  local name=$1 text=$2 screen
  for _ in $(seq 300); do
    screen=$(tmux capture-pane -t e2e -p)
    if ! grep -qF -- "$text" <<<"$screen"; then break; fi
    sleep 0.05
  done
  step=$((step + 1))
  printf '%s\n' "$screen" > "$out/$(printf %02d $step)-$name.screen"
}

tmux new-session -d -s e2e -x 100 -y 30 "env -i PATH=/usr/bin:/bin TERM=xterm HOME=$out bash --norc --noprofile"
