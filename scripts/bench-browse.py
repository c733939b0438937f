"""The full-screen app (`wpnews browse`) for `make bench`, driven in a pseudo-terminal.

Usage: bench-browse.py WPNEWS HOME SITE STORY_ID BIG_SITE BIG_HOME > browse-app.json

HOME holds a warm cache of SITE (its latest and featured lists and story STORY_ID, the
first of its latest stories, already read once); BIG_HOME is filled here with the whole of
BIG_SITE (`wpnews latest --all`). The app runs at 100 x 30 with WPNEWS_TRACE, whose lines
are "<CLOCK_MONOTONIC ms> <event> <detail>": "frame <bytes>" after each frame written,
"input <bytes>" when key bytes arrive, "article" when an article's answer is handled. Just
before exec the driver appends "<ms> exec" to the same file, on the same clock.

Measured, printed as one JSON object (times in ms):
  first_frame_ms          exec to the first frame, warm cache
  first_stories_frame_ms  exec to the first frame that draws the featured stories
  key_ms                  on Latest with BIG_SITE's stories all loaded (10,000 on the big
                          test site): each j/k's "input" to the next "frame"
  key_from_write_ms       the same keys from the driver's write to the pty
  move_bytes              frame bytes for moving one story within the window
  scroll_bytes            frame bytes for moving one story that scrolls the list
  pages, stories          pages of Latest the app loaded, and the stories they held, from
                          its "listed <page> <stories>" events; short of the archive's
                          total, the run fails; end_drawn: the archive's last story was drawn
  rss_kb, hwm_kb          VmRSS and VmHWM of the app with those stories loaded
  article_ms              Latest's first story opened with Enter: the Enter's "input" to the
                          frame after "article" (or, without that event, to the first
                          frame over 512 bytes after the Enter's own: article_method)
  article_first_ms        the same, only each run's first opening; article_is_story: the
                          story's title was drawn each time (it is the story `read` is timed on)
  exchanges               requests to SITE in the timed runs (0 when the cache was warm)
Environment: BENCH_BROWSE_RUNS (app runs for the first frame and the reader, default 10),
BENCH_BROWSE_KEYS (j/k presses, default 200).
"""
import fcntl
import json
import os
import pty
import signal
import sqlite3
import struct
import subprocess
import sys
import termios
import threading
import time

ROWS, COLUMNS = 30, 100
# A frame this big draws a screen of stories or an article; a tick of the loading
# spinner (about 300 bytes with the tabs), a moved cursor or an empty screen is smaller.
# The compact rows of the test site's 8 featured stories take about 1,000 bytes.
LIST_FRAME_BYTES = 768
# Without an "article" event, the article's frame is told from a spinner tick (the status
# line, about 100 bytes) by its size: a short article's frame at 100 x 30 is under 2 KB.
ARTICLE_FRAME_BYTES = 512


def now_ms():
    return time.clock_gettime(time.CLOCK_MONOTONIC) * 1000


def environment(home, trace):
    return {
        "PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8",
        "HOME": home, "XDG_CACHE_HOME": f"{home}/cache", "XDG_CONFIG_HOME": f"{home}/config",
        "XDG_STATE_HOME": f"{home}/state", "WPNEWS_TRACE": trace,
    }


class Trace:
    """The trace file, read as it grows: a list of (ms, event, detail)."""

    def __init__(self, path):
        self.path, self.offset, self.rest, self.events = path, 0, b"", []

    def poll(self):
        with open(self.path, "rb") as file:
            file.seek(self.offset)
            data = file.read()
        self.offset += len(data)
        *lines, self.rest = (self.rest + data).split(b"\n")
        for line in lines:
            stamp, name, *detail = line.decode().split(" ", 2)
            self.events.append((float(stamp), name, detail[0] if detail else ""))
        return self.events

    def wait(self, found, timeout=10.0, what="an event"):
        """Polls until found(events) is not None, and returns it."""
        deadline = time.monotonic() + timeout
        while True:
            result = found(self.poll())
            if result is not None:
                return result
            if time.monotonic() > deadline:
                raise TimeoutError(f"bench-browse: no {what} in {timeout} s (trace {self.path})")
            time.sleep(0.002)

    def frames(self, start=0):
        return [(index, t, int(detail or 0)) for index, (t, name, detail) in enumerate(self.events)
                if index >= start and name == "frame"]


class App:
    """wpnews in a pseudo-terminal of its own, its output drained on a thread."""

    def __init__(self, argv, home, trace_path):
        open(trace_path, "w").close()
        self.trace = Trace(trace_path)
        env = environment(home, trace_path)
        pid, master = pty.fork()
        if pid == 0:  # the child: window size, the exec time, exec
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
                descriptor = os.open(trace_path, os.O_WRONLY | os.O_APPEND)
                stamp = now_ms()
                os.write(descriptor, f"{stamp} exec \n".encode())
                os.close(descriptor)
                os.execve(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid, self.master, self.status = pid, master, None
        self.output, self.received = bytearray(), 0
        self.drainer = threading.Thread(target=self._drain, daemon=True)
        self.drainer.start()

    def _drain(self):
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:  # EIO: the app has gone
                return
            if not data:
                return
            self.output += data
            self.received += len(data)
            del self.output[:-200_000]

    def output_since(self, received):
        """What the app wrote after `received` bytes, as far as the buffer still holds it."""
        return bytes(self.output[-(self.received - received):]) if self.received > received else b""

    def send(self, keys):
        stamp = now_ms()
        os.write(self.master, keys.encode())
        return stamp

    def frame_after(self, start, bigger_than=-1, what="frame", timeout=10.0):
        """The first frame at or after event index `start` over `bigger_than` bytes."""
        return self.trace.wait(lambda _: next(((i, t, b) for i, t, b in self.trace.frames(start) if b > bigger_than), None),
                               timeout, what)

    def memory(self):
        fields = {}
        for line in open(f"/proc/{self.pid}/status"):
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                fields[key] = int(value.split()[0])
        return fields

    def quit(self):
        """q (Ctrl-C if that is not enough), and the exit status."""
        for keys, seconds in (("q", 3), ("\x03", 3)):
            self.send(keys)
            if self._wait(seconds):
                break
        else:
            os.kill(self.pid, signal.SIGTERM)
            if not self._wait(3):
                os.kill(self.pid, signal.SIGKILL)
                self._wait(None)
        self.drainer.join(5)
        os.close(self.master)
        if self.status != 0:
            print(f"bench-browse: wpnews browse exited with {self.status} (trace {self.trace.path})", file=sys.stderr)
        return self.status

    def _wait(self, seconds):
        deadline = None if seconds is None else time.monotonic() + seconds
        while True:
            pid, status = os.waitpid(self.pid, 0 if deadline is None else os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
                return True
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)


def first_frames(wpnews, home, site, trace, runs):
    """Exec to the first frame, and to the first with the featured stories on it."""
    first, stories, exchanges = [], [], 0
    for run in range(runs + 1):  # the first run warms the app's own list pages
        app = App([wpnews, "browse", "--site", site], home, trace)
        # The first frame is drawn before the list is asked for: the stories come in a later one.
        shown = app.frame_after(0, what="first frame")[0]
        _, listed, _ = app.frame_after(shown + 1, LIST_FRAME_BYTES, "frame with the featured stories")
        app.quit()
        events = app.trace.poll()
        if run == 0:
            continue
        exchanges += sum(name == "exchange" for _, name, _ in events)
        started = next(t for t, name, _ in events if name == "exec")
        drawn = next(t for t, name, _ in events if name == "frame")
        first.append(drawn - started)
        stories.append(listed - started)
    return first, stories, exchanges


def open_latest(app):
    """Tab 2, and its first screen of stories drawn."""
    app.trace.poll()
    mark = len(app.trace.events)
    app.send("2")
    app.frame_after(mark, LIST_FRAME_BYTES, "frame with the latest stories")
    time.sleep(0.05)


def article_openings(wpnews, home, site, story, trace, runs, per_run=3):
    """Enter on Latest's first story, which should be `story`: its title is checked for."""
    times, firsts, methods, exchanges, shown = [], [], set(), 0, True
    title = story_title(home, story)
    for run in range(runs + 1):  # the first run warms the app's own pages of Latest
        app = App([wpnews, "browse", "--site", site], home, trace)
        app.frame_after(0, LIST_FRAME_BYTES, "frame with the featured stories")
        open_latest(app)
        for opening in range(per_run):
            app.trace.poll()
            mark, before = len(app.trace.events), app.received
            app.send("\r")

            def article_frame(events):
                entered = next((i for i in range(mark, len(events)) if events[i][1] == "input"), None)
                if entered is None:
                    return None
                answered = next((i for i in range(entered, len(events)) if events[i][1] == "article"), None)
                if answered is not None:
                    frame = next((e for e in events[answered:] if e[1] == "frame"), None)
                    return frame and (events[entered][0], frame[0], "article event")
                # Without the event: the first frame after the Enter's own (the reader's
                # loading screen) that is more than a spinner tick.
                own = next((i for i in range(entered, len(events)) if events[i][1] == "frame"), None)
                if own is None:
                    return None
                big = next((e for e in events[own + 1:] if e[1] == "frame" and int(e[2] or 0) > ARTICLE_FRAME_BYTES), None)
                return big and (events[entered][0], big[0], "first frame over 512 bytes after the Enter's")

            entered, drawn, method = app.trace.wait(article_frame, 10, "article drawn")
            if run > 0:
                methods.add(method)
                times.append(drawn - entered)
                if opening == 0:
                    firsts.append(drawn - entered)
            time.sleep(0.1)
            shown = shown and title is not None and title.encode() in app.output_since(before)
            app.trace.poll()
            mark = len(app.trace.events)
            app.send("q")  # back to the list
            app.frame_after(mark, LIST_FRAME_BYTES, "list drawn again")
            time.sleep(0.05)
        app.quit()
        if run > 0:
            exchanges += sum(name == "exchange" for _, name, _ in app.trace.poll())
    return times, firsts, " / ".join(sorted(methods)), exchanges, shown


def big_latest(wpnews, big_site, big_home, trace, presses):
    subprocess.run([wpnews, "latest", "--all", "--site", big_site], env=environment(big_home, "/dev/null"),
                   stdout=subprocess.DEVNULL, check=True)
    # Offline: each page of 20 the app asks for comes out of the pages of 100 just cached.
    app = App([wpnews, "browse", "--offline", "--site", big_site], big_home, trace)
    app.frame_after(0, what="first frame")
    total, oldest = archive(big_home)
    app.trace.poll()
    opened = len(app.trace.events)
    open_latest(app)
    # G until the app has listed every story: a G at the end asks for the next page (one G
    # may bring more than one), which draws at least one more frame than the G's own; three
    # G's in a row that draw only their own frame mean no page is coming.
    idle = 0
    while idle < 3 and sum(latest_pages(app, opened).values()) < total:
        app.trace.poll()
        mark = len(app.trace.events)
        app.send("G")
        own = app.frame_after(mark, what="frame after G")[0]
        try:
            app.frame_after(own + 1, what="page loaded", timeout=1.0)
            idle = 0
            # Let the page's frames (and any spinner ticks) settle before the next G.
            app.trace.wait(lambda events: True if now_ms() - events[-1][0] > 30 else None, 10, "quiet")
        except TimeoutError:
            idle += 1
    memory = app.memory()
    pages = latest_pages(app, opened)
    if sum(pages.values()) < total:
        app.quit()
        sys.exit(f"bench-browse: the app listed {sum(pages.values()):,} of the archive's {total:,} stories in {len(pages)} pages "
                 f"(trace {trace})")
    # The archive's last story is drawn after g (top) and G (end).
    app.send("g")
    time.sleep(0.2)
    app.trace.poll()
    mark, before = len(app.trace.events), app.received
    app.send("G")
    app.frame_after(mark, what="frame after G")
    time.sleep(0.2)
    reached_end = oldest is not None and oldest.encode() in app.output_since(before)

    # j/k: 100 up from the last story (the list scrolls once the cursor reaches the top of
    # the window), then 100 down; 20 ms apart, about a fast key repeat.
    time.sleep(0.2)
    app.trace.poll()
    mark = len(app.trace.events)
    written = keys(app, ["k"] * (presses // 2) + ["j"] * (presses - presses // 2))
    time.sleep(0.2)
    key_ms, from_write, scroll_bytes = pair_keys(app, mark, written)
    # Within the window: k and j in turn, from the last story, move one story and scroll nothing.
    app.send("G")
    time.sleep(0.2)
    app.trace.poll()
    mark = len(app.trace.events)
    moves = keys(app, ["k", "j"] * 10)
    time.sleep(0.2)
    _, _, move_bytes = pair_keys(app, mark, moves)
    app.quit()
    return {"key_ms": key_ms, "key_from_write_ms": from_write, "move_bytes": move_bytes,
            "scroll_bytes": scroll_bytes, "pages": len(pages), "stories": sum(pages.values()),
            "end_drawn": reached_end, "rss_kb": memory["VmRSS"], "hwm_kb": memory["VmHWM"]}


def latest_pages(app, start):
    """The stories of each page of Latest the app listed, from event index `start` on (the
    tab opened then: the big site's Featured, listed before, holds none)."""
    pages = {}
    for _, name, detail in app.trace.poll()[start:]:
        if name == "listed":
            page, count = map(int, detail.split())
            pages[page] = count
    return pages


def cache(home):
    return sqlite3.connect(f"file:{home}/cache/wpnews/wpnews.sqlite?mode=ro", uri=True)


def story_title(home, story):
    row = cache(home).execute("SELECT title FROM story WHERE id = ?", (story,)).fetchone()
    return row and row[0]


def archive(home):
    """How many stories the cached archive of latest holds, and the title of its last one."""
    database = cache(home)
    pages = []
    for page, per_page, ids, total in database.execute("SELECT page, perPage, storyIds, total FROM listing WHERE family = 'latest'"):
        pages.append(((page - 1) * per_page + len(json.loads(ids)), json.loads(ids), total or 0))
    if not pages:
        return 0, None
    _, ids, total = max(pages, key=lambda page: page[0])
    title = database.execute("SELECT title FROM story WHERE id = ?", (ids[-1],)).fetchone() if ids else None
    return max(page[2] for page in pages), title and title[0]


def keys(app, presses, gap=0.02):
    """Each key on its own, `gap` apart; the times they were written."""
    written = []
    for key in presses:
        written.append(app.send(key))
        time.sleep(gap)
    return written


def pair_keys(app, mark, written):
    """Each key's "input" to the next "frame", from `mark` on; also from the driver's write."""
    events = app.trace.poll()[mark:]
    latencies, from_write, sizes = [], [], []
    inputs = [i for i, e in enumerate(events) if e[1] == "input"]
    for n, i in enumerate(inputs):
        frame = next((e for e in events[i + 1:] if e[1] == "frame"), None)
        if frame is None:
            continue
        latencies.append(frame[0] - events[i][0])
        sizes.append(int(frame[2] or 0))
        if len(inputs) == len(written):  # one read per key: the writes pair up with the inputs
            from_write.append(frame[0] - written[n])
    return latencies, from_write, sizes


def main():
    wpnews, home, site, story, big_site, big_home = sys.argv[1:]
    runs = int(os.environ.get("BENCH_BROWSE_RUNS", "10"))
    presses = int(os.environ.get("BENCH_BROWSE_KEYS", "200"))
    work = os.path.dirname(home.rstrip("/"))
    result = {"story": int(story)}
    result["first_frame_ms"], result["first_stories_frame_ms"], first_exchanges = first_frames(
        wpnews, home, site, f"{work}/browse-first.trace", runs)
    (result["article_ms"], result["article_first_ms"], result["article_method"], article_exchanges,
     result["article_is_story"]) = article_openings(wpnews, home, site, int(story), f"{work}/browse-article.trace", runs)
    result["exchanges"] = first_exchanges + article_exchanges
    result.update(big_latest(wpnews, big_site, big_home, f"{work}/browse-big.trace", presses))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
