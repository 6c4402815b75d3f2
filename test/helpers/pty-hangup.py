#!/usr/bin/env python3
"""Runs a command on a pseudo-terminal, and hangs the terminal up as a closed window does.

usage: pty-hangup.py STDOUT_FILE TRIGGER_FILE -- command [args...]

The command's stdout goes to STDOUT_FILE; its stdin and stderr are the terminal. Once TRIGGER_FILE
exists (the test makes it when it has seen what it waits for), the terminal is closed: the kernel sends SIGHUP, and every later write to
the terminal fails with EIO. Prints what the terminal showed until then, and exits with the
command's exit code (128 + signal when a signal ended it). Standard library only.
"""
import os
import pty
import select
import sys


def main():
    out_file, trigger, sep, *command = sys.argv[1:]
    if sep != '--' or not command:
        sys.exit('usage: pty-hangup.py STDOUT_FILE TRIGGER_FILE -- command [args...]')
    pid, master = pty.fork()
    if pid == 0:
        fd = os.open(out_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(fd, 1)
        os.close(fd)
        os.execvp(command[0], command)
    seen = b''
    while not os.path.exists(trigger):
        if select.select([master], [], [], 0.02)[0]:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                chunk = b''
            if not chunk:
                break  # the command ended first
            seen += chunk
    os.close(master)
    _, status = os.waitpid(pid, 0)
    sys.stdout.write(seen.decode(errors='replace'))
    code = os.waitstatus_to_exitcode(status)
    sys.exit(code if code >= 0 else 128 - code)


main()
