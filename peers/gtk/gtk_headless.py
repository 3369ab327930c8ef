"""A private, headless X server for the gtk peer: started before GTK is imported, stopped when this process ends.

GTK 4 cannot make a widget without a display, and the peer shows none: it needs a display only to exist. start()
runs Xvfb, the X server that draws into memory, and points this process at it:

  * the display number is Xvfb's own pick (`-displayfd`): it takes the first number whose lock file it can create,
    so two peers (or a desktop session) never share one, and nothing here guesses a number;
  * only this process may connect: a fresh MIT-MAGIC-COOKIE-1 in an Xauthority file of a private folder
    (tempfile.mkdtemp: mode 0700), given to Xvfb with `-auth` and to GTK through XAUTHORITY; no TCP (`-nolisten tcp`);
  * the server stays in this process group (the harness reads the memory of the whole group, and stops the whole
    group), with a 64x64 screen and without GLX (nothing is drawn; GLX alone would add about 55 MB to Xvfb);
  * it goes when this process goes: stop() at exit (standard input closed, `quit`, an exception), on SIGTERM and
    SIGHUP (stop, then exit 143 / 129), and if this process is killed outright the kernel sends Xvfb SIGTERM
    (prctl PR_SET_PDEATHSIG, set in the child before it runs Xvfb).
The environment GTK reads: DISPLAY, XAUTHORITY, GDK_BACKEND=x11 (never a Wayland or Broadway socket of the machine),
GTK_A11Y=none (no accessibility bus, so no session bus is looked for); WAYLAND_DISPLAY is removed.
Xvfb's messages go to a log in the private folder, shown when it fails to start; the folder is removed as soon as GTK
has connected (connected()), or by stop().
"""
import atexit
import ctypes
import os
import secrets
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

PR_SET_PDEATHSIG = 1
FAMILY_WILD = 0xFFFF  # an Xauthority entry for any address and any display number
START_SECONDS = 20.0


class Failed(Exception):
    """The X server could not be started; the message says why."""


class Server:
    def __init__(self):
        self.proc = None
        self.home = None
        self.display = None

    def start(self):
        exe = shutil.which("Xvfb")
        if exe is None:
            raise Failed("Xvfb is not installed (apt-get install xvfb, or run peers/gtk/install)")
        self.home = tempfile.mkdtemp(prefix="plumb-gtk-")
        auth = os.path.join(self.home, "Xauthority")
        with open(auth, "wb") as fh:
            fh.write(_auth_entry(secrets.token_bytes(16)))
        log = open(os.path.join(self.home, "xvfb.log"), "wb")
        libc = ctypes.CDLL(None, use_errno=True)
        me = os.getpid()

        def die_with_parent():  # runs in the child, between fork and exec
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
            if os.getppid() != me:  # the parent is already gone
                os._exit(1)

        ready, told = os.pipe()
        try:
            self.proc = subprocess.Popen(
                [exe, "-displayfd", str(told), "-auth", auth, "-nolisten", "tcp", "-screen", "0", "64x64x24",
                 "-extension", "GLX"],
                stdin=subprocess.DEVNULL, stdout=log, stderr=log, pass_fds=(told,), preexec_fn=die_with_parent)
        finally:
            os.close(told)
            log.close()
        # the first Xvfb writes its display number on `told` once it accepts connections
        number, deadline = b"", time.monotonic() + START_SECONDS
        try:
            while not number.endswith(b"\n"):
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([ready], [], [], left)[0]:
                    raise Failed("Xvfb did not say which display it took within %g s" % START_SECONDS)
                chunk = os.read(ready, 32)
                if not chunk:
                    raise Failed("Xvfb ended before it was ready (exit status %s)" % self.proc.poll())
                number += chunk
        except Failed as e:
            why = "%s; its log:\n%s" % (e, self._log())
            self.stop()
            raise Failed(why) from None
        finally:
            os.close(ready)
        self.display = ":" + number.decode("ascii").strip()
        os.environ.update(DISPLAY=self.display, XAUTHORITY=auth, GDK_BACKEND="x11", GTK_A11Y="none")
        os.environ.pop("WAYLAND_DISPLAY", None)

    def _log(self):
        try:
            with open(os.path.join(self.home, "xvfb.log"), "rb") as fh:
                return fh.read()[-2000:].decode("utf-8", "replace")
        except OSError:
            return "(no log)"

    def connected(self):
        """GTK holds its connection now (Xvfb reads the Xauthority file again only at a reset, when its last client
        has gone): the private folder can go at once, so nothing is left behind even if this process is killed."""
        home, self.home = self.home, None
        if home:
            shutil.rmtree(home, ignore_errors=True)

    def stop(self):
        """Ends Xvfb (SIGTERM, then SIGKILL after 5 s) and removes the private folder; safe to call again."""
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        home, self.home = self.home, None
        if home:
            shutil.rmtree(home, ignore_errors=True)


def _auth_entry(cookie):
    def field(b):
        return struct.pack(">H", len(b)) + b
    return struct.pack(">H", FAMILY_WILD) + field(b"") + field(b"") + field(b"MIT-MAGIC-COOKIE-1") + field(cookie)


SERVER = Server()


def _on_signal(signum, frame):
    SERVER.stop()
    raise SystemExit(128 + signum)


def start(who):
    """Starts the server for this process, or ends the process with one line on standard error and status 2."""
    atexit.register(SERVER.stop)
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _on_signal)
    try:
        SERVER.start()
    except (Failed, OSError) as e:
        sys.stderr.write("%s: cannot start a headless X server: %s\n" % (who, e))
        sys.exit(2)
    return SERVER.display
