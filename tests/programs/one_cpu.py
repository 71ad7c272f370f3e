#!/usr/bin/env python3
"""Runs a command, and every process it starts, on one CPU: the lowest this process may use.

    one_cpu.py COMMAND ARGS...

Two programs that exchange many short messages spend most of their CPU time waking each other,
and what a wake-up costs depends on where the scheduler puts them (on the same CPU or not, an
idle CPU woken or not): 140 ms or 700 ms of CPU time for the same run on this project's
machines. On one CPU the figure is the same from run to run, whoever starts the programs.
"""
import os
import sys

cpu = min(os.sched_getaffinity(0))
os.sched_setaffinity(0, {cpu})
os.execvp(sys.argv[1], sys.argv[1:])
