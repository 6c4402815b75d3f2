#!/usr/bin/env python3
"""Runs a command inside a pseudo-terminal, for tests that drive an interactive CLI.

usage: pty-run.py [--cols N] [--rows N] -- command [args...]

What arrives on this script's stdin is typed into the terminal; what the program writes to the
terminal comes out on this script's stdout. When the program ends, this script exits with its exit
code (128 + signal when it was killed) after writing "[pty-run] exit <code>" to stderr. SIGTERM or
SIGINT to this script kills the program too. Standard library only.
"""
import errno
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios


def main():
    args = sys.argv[1:]
    cols, rows = 120, 40
    while args and args[0] != '--':
        flag, value = args[0], int(args[1])
        if flag == '--cols':
            cols = value
        elif flag == '--rows':
            rows = value
        else:
            sys.exit(f'pty-run: unknown option {flag}')
        args = args[2:]
    command = args[1:]
    if not command:
        sys.exit('usage: pty-run.py [--cols N] [--rows N] -- command [args...]')

    pid, master = pty.fork()
    if pid == 0:
        # The child: its stdin/stdout/stderr are the terminal; size it before the program starts.
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
        try:
            os.execvp(command[0], command)
        except OSError as error:
            os.write(2, f'pty-run: cannot run {command[0]}: {error}\n'.encode())
            os._exit(127)

    def stop(signum, _frame):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os._exit(128 + signum)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    keyboard = sys.stdin.fileno()
    screen = sys.stdout.fileno()
    keyboard_open = True
    while True:
        watched = [master] + ([keyboard] if keyboard_open else [])
        ready, _, _ = select.select(watched, [], [])
        if master in ready:
            try:
                data = os.read(master, 65536)
            except OSError as error:
                if error.errno != errno.EIO:  # EIO: the program closed the terminal
                    raise
                data = b''
            if not data:
                break
            os.write(screen, data)
        if keyboard_open and keyboard in ready:
            data = os.read(keyboard, 65536)
            if data:
                os.write(master, data)
            else:
                keyboard_open = False

    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    code = code if code >= 0 else 128 - code
    sys.stderr.write(f'[pty-run] exit {code}\n')
    sys.exit(code)


if __name__ == '__main__':
    main()
