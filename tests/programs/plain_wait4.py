#!/usr/bin/env python3
"""A plain interactive run, as problemtools' `interactive` does it: the interactor and the
solution joined by two pipes, nothing in between, no sandbox. Prints the solution's CPU time
(user + system, from wait4 of it), microseconds, and exits with the interactor's exit code.

    plain_wait4.py INTERACTOR ARGS... ';' SOLUTION ARGS...
"""
import os
import sys


def spawn(argv, stdin, stdout, others):
    # posix_spawn, not fork: what a forked Python child does before exec (a millisecond or
    # two) would be charged to the program.
    actions = [(os.POSIX_SPAWN_DUP2, stdin, 0), (os.POSIX_SPAWN_DUP2, stdout, 1)]
    actions += [(os.POSIX_SPAWN_CLOSE, fd) for fd in others]
    return os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)


def main():
    args = sys.argv[1:]
    split = args.index(";")
    interactor, solution = args[:split], args[split + 1 :]
    to_solution_read, to_solution_write = os.pipe()
    to_interactor_read, to_interactor_write = os.pipe()
    ends = [to_solution_read, to_solution_write, to_interactor_read, to_interactor_write]
    interactor_pid = spawn(interactor, to_interactor_read, to_solution_write, ends)
    solution_pid = spawn(solution, to_solution_read, to_interactor_write, ends)
    for fd in ends:
        os.close(fd)
    _, _, usage = os.wait4(solution_pid, 0)
    _, interactor_status, _ = os.wait4(interactor_pid, 0)
    print(round((usage.ru_utime + usage.ru_stime) * 1e6))
    sys.exit(os.waitstatus_to_exitcode(interactor_status))


main()
