#!/usr/bin/env python3
"""A hostile probe of the `judge` CLI (issue 21's closing table).

    python3 probe.py BINARY [--only SUBSTRING] [--family NAME] [--keep] [--json OUT]

Each case builds its files in a fresh folder, runs BINARY there with a timeout (in its own
session, so a hang is killed by its process group: only what this script started), with
TMPDIR, XDG_CACHE_HOME, XDG_CONFIG_HOME, XDG_DATA_HOME and HOME inside that folder, and
records: exit code, a panic (exit 101 or "panicked at"), a hang (timeout), leaks (judge-*
folders left in TMPDIR, processes whose environment, folders or mounts name the case's
folder, cgroups judge-* left under this script's own memory cgroup), a secret printed (a
file /root/probe-secret-XXXX holds a marker; the marker must appear in no output and no
file the case leaves), and whether the outcome is the expected one: a clear error (exit 2,
stderr naming the thing) or the right verdict.

Hostile programs are run only through judge (its sandbox, small limits). Needs root (the
secret in /root, cgroups, mounts for a read-only folder).
"""

import argparse
import json
import os
import re
import secrets
import shutil
import signal
import socket
import stat
import subprocess
import sys
import time
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

import cases as case_defs

# ---------------------------------------------------------------------------------------------
# The world every case shares


class World:
    def __init__(self, binary: Path, root: Path):
        self.binary = binary
        self.root = root
        tag = secrets.token_hex(6)
        self.secret_marker = f"PROBESECRET{tag}"
        self.secret_path = Path(f"/root/probe-secret-{tag}")
        self.secret_path.write_text(self.secret_marker + "\n")
        os.chmod(self.secret_path, 0o600)
        self.memory_cgroup = own_memory_cgroup()

    def close(self):
        try:
            self.secret_path.unlink()
        except FileNotFoundError:
            pass


def own_memory_cgroup() -> Optional[Path]:
    try:
        for line in Path("/proc/self/cgroup").read_text().splitlines():
            _, controllers, path = line.split(":", 2)
            if controllers == "memory":
                return Path("/sys/fs/cgroup/memory") / path.lstrip("/")
            if controllers == "" and Path("/sys/fs/cgroup/cgroup.controllers").exists():
                return Path("/sys/fs/cgroup") / path.lstrip("/")
    except OSError:
        pass
    return None


def judge_cgroups(world: World) -> set:
    found = set()
    base = world.memory_cgroup
    if base is None or not base.is_dir():
        return found
    for dirpath, dirnames, _ in os.walk(base):
        for name in dirnames:
            if name.startswith("judge-"):
                found.add(os.path.join(dirpath, name))
        if dirpath.count("/") - str(base).count("/") >= 2:
            dirnames[:] = []
    return found


def processes_naming(needle: bytes) -> list:
    """Processes (not this one) whose cmdline, environment, cwd, root or mounts name `needle`."""
    me = os.getpid()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == me:
            continue
        base = f"/proc/{entry}"
        hit = False
        for name in ("cmdline", "environ", "mountinfo"):
            try:
                with open(f"{base}/{name}", "rb") as f:
                    if needle in f.read():
                        hit = True
                        break
            except OSError:
                pass
        if not hit:
            for name in ("cwd", "root"):
                try:
                    if needle in os.readlink(f"{base}/{name}").encode():
                        hit = True
                        break
                except OSError:
                    pass
        if hit:
            try:
                with open(f"{base}/stat") as f:
                    st = f.read()
                comm = st[st.index("(") + 1 : st.rindex(")")]
                state = st[st.rindex(")") + 2]
            except (OSError, ValueError):
                continue
            if state == "Z":
                # a zombie of ours is reaped by us; one of judge's would show as a leak below
                pass
            found.append(f"{entry}:{comm}:{state}")
    return found


# ---------------------------------------------------------------------------------------------
# One case


@dataclass
class Run:
    code: Optional[int]
    stdout: bytes
    stderr: bytes
    elapsed: float
    hung: bool


@dataclass
class Case:
    family: str
    name: str
    # builds the case's files in `w` (the work folder) and returns the argument list (after
    # the binary); strings or bytes
    setup: Callable
    # (ctx, run) -> (kind, note): kind "error" (a clear error), "verdict" (the right one) or
    # "wrong" (not the expected outcome)
    expect: Callable
    timeout: float = 60.0
    # (delay seconds, signal, "group" | "judge") sent to judge while it runs
    interrupt: Optional[tuple] = None
    # after the run: (ctx, run) -> list of problems (lost results, ...); may run judge again
    after: Optional[Callable] = None
    stdin: Optional[bytes] = None
    # an interruption by SIGKILL leaves folders for the next run to sweep: the leak check then
    # runs after `after`
    cwd: Optional[str] = None


class Ctx:
    """What a case's functions see: its folders, the world, and a way to run judge again."""

    def __init__(self, world: World, folder: Path):
        self.world = world
        self.folder = folder
        self.w = folder / "w"
        self.tmp = folder / "tmp"
        self.env = dict(os.environ)
        for key in list(self.env):
            if key.startswith(("XDG_", "JUDGE", "CARGO", "RUST")) or key in ("TMPDIR",):
                del self.env[key]
        self.env.update(
            TMPDIR=str(self.tmp),
            XDG_CACHE_HOME=str(folder / "cache"),
            XDG_CONFIG_HOME=str(folder / "config"),
            XDG_DATA_HOME=str(folder / "data"),
            HOME=str(folder / "home"),
            NO_COLOR="1",
            PROBE_CASE=str(folder),
        )
        for d in (self.w, self.tmp, folder / "cache", folder / "config", folder / "data", folder / "home"):
            d.mkdir(parents=True, exist_ok=True)
        self.secret = str(world.secret_path)
        self.marker = world.secret_marker
        self.extra = {}

    def judge(self, args, timeout=60.0, interrupt=None, stdin=None, cwd=None) -> Run:
        argv = [str(self.world.binary)] + [a if isinstance(a, bytes) else str(a) for a in args]
        start = time.monotonic()
        proc = subprocess.Popen(
            argv,
            cwd=cwd or self.w,
            env=self.env,
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        out, err = [], []
        readers = [
            threading.Thread(target=lambda: out.append(read_capped(proc.stdout)), daemon=True),
            threading.Thread(target=lambda: err.append(read_capped(proc.stderr)), daemon=True),
        ]
        for t in readers:
            t.start()
        if stdin is not None:
            try:
                proc.stdin.write(stdin)
                proc.stdin.close()
            except BrokenPipeError:
                pass
        if interrupt:
            delay, sig, target = interrupt
            try:
                proc.wait(timeout=delay)
            except subprocess.TimeoutExpired:
                if target == "group":
                    os.killpg(proc.pid, sig)
                else:
                    os.kill(proc.pid, sig)
        hung = False
        try:
            proc.wait(timeout=max(1.0, timeout - (time.monotonic() - start)))
        except subprocess.TimeoutExpired:
            hung = True
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait()
        for t in readers:
            t.join(timeout=10)
        return Run(
            code=proc.returncode if proc.returncode >= 0 else proc.returncode,
            stdout=out[0] if out else b"",
            stderr=err[0] if err else b"",
            elapsed=time.monotonic() - start,
            hung=hung,
        )


def read_capped(pipe, cap=8 << 20) -> bytes:
    data = bytearray()
    while True:
        chunk = pipe.read(65536)
        if not chunk:
            break
        if len(data) < cap:
            data += chunk[: cap - len(data)]
    return bytes(data)


@dataclass
class Result:
    case: Case
    run: Optional[Run]
    kind: str  # error | verdict | wrong | crash
    note: str
    problems: list = field(default_factory=list)


def files_with(folder: Path, needle: bytes) -> list:
    """Regular files under `folder` (links not followed, any depth) that contain `needle`."""
    r = subprocess.run(["sh", "-c", 'find "$1" -type f -size -65M -print0 | xargs -0 -r grep -lF --no-messages -a -- "$2"',
                        "sh", str(folder), needle], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return [line for line in r.stdout.decode(errors="replace").splitlines() if line]


def run_case(world: World, case: Case, folder: Path) -> Result:
    ctx = Ctx(world, folder)
    groups_before = judge_cgroups(world)
    try:
        args = case.setup(ctx)
    except Exception as e:  # a bug of the probe, not of judge
        return Result(case, None, "crash", f"setup failed: {e!r}")
    run = ctx.judge(args, timeout=case.timeout, interrupt=case.interrupt, stdin=case.stdin,
                    cwd=case.cwd and ctx.w / case.cwd)
    problems = []
    text = run.stdout + run.stderr
    if run.hung:
        problems.append(f"hang (killed after {case.timeout:.0f} s)")
    if run.code == 101 or b"panicked at" in text:
        problems.append("panic: " + first_line_with(text, b"panicked"))
    if run.code is not None and run.code < 0 and not run.hung and not (
        case.interrupt and case.interrupt[1] == signal.SIGKILL
    ):
        problems.append(f"judge killed by signal {-run.code}")
    try:
        kind, note = case.expect(ctx, run)
    except Exception as e:
        kind, note = "wrong", f"expectation check failed: {e!r}"
    if case.after:
        try:
            problems += case.after(ctx, run)
        except Exception as e:
            problems.append(f"after-check failed: {e!r}")
    # leaks: give judge's unwinding (and a killed judge's parent-death signals) a moment
    deadline = time.monotonic() + 4
    while True:
        left_tmp = sorted(p.name for p in ctx.tmp.iterdir() if p.name.startswith("judge-")) if ctx.tmp.exists() else []
        procs = processes_naming(str(folder).encode())
        groups = judge_cgroups(world) - groups_before
        if not (left_tmp or procs or groups) or time.monotonic() > deadline:
            break
        time.sleep(0.25)
    sigkilled = case.interrupt and case.interrupt[1] == signal.SIGKILL and not case.after
    if left_tmp and not sigkilled:
        problems.append(f"leak: temp folders {left_tmp}")
    if procs:
        problems.append(f"leak: processes {procs}")
        for p in procs:  # end them: only processes that name this case's folder
            try:
                os.kill(int(p.split(":")[0]), signal.SIGKILL)
            except (ProcessLookupError, ValueError):
                pass
    if groups and not sigkilled:
        problems.append(f"leak: cgroups {sorted(groups)}")
    marker = world.secret_marker.encode()
    if marker in text:
        problems.append("secret printed on judge's output")
    hits = files_with(folder, marker)
    if hits:
        problems.append(f"secret in files {hits}")
    if kind == "wrong":
        problems.append("unexpected outcome: " + note)
    return Result(case, run, kind, note, problems)


def first_line_with(text: bytes, needle: bytes) -> str:
    for line in text.splitlines():
        if needle in line:
            return line.decode(errors="replace")[:300]
    return ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--only", action="append", default=[], help="run cases whose name contains this")
    ap.add_argument("--family", action="append", default=[])
    ap.add_argument("--keep", action="store_true", help="keep the case folders")
    ap.add_argument("--json", help="write the results here")
    ap.add_argument("--verbose", "-v", action="store_true")
    opts = ap.parse_args()
    if os.geteuid() != 0:
        sys.exit("probe.py needs root (a secret in /root, cgroups, mounts)")
    binary = Path(opts.binary).resolve()
    root = Path(f"/tmp/probe-run-{int(time.time())}-{os.getpid()}")
    root.mkdir(mode=0o755)
    world = World(binary, root)
    cases = case_defs.all_cases()
    if opts.only:
        cases = [c for c in cases if any(s in c.name for s in opts.only)]
    if opts.family:
        cases = [c for c in cases if c.family in opts.family]
    names = [c.name for c in cases]
    dupes = {n for n in names if names.count(n) > 1}
    if dupes:
        sys.exit(f"duplicate case names: {dupes}")
    results = []
    started = time.monotonic()
    try:
        for i, case in enumerate(cases):
            folder = root / f"{i:03d}-{case.name}"
            folder.mkdir()
            r = run_case(world, case, folder)
            results.append(r)
            status = "DEFECT" if r.problems else r.kind
            code = r.run.code if r.run else None
            secs = r.run.elapsed if r.run else 0
            print(f"[{i + 1:3d}/{len(cases)}] {case.family:12s} {case.name:44s} exit {code!s:>4} {secs:6.1f}s  {status}: {r.note}", flush=True)
            for p in r.problems:
                print(f"        ! {p}", flush=True)
            if (r.problems or opts.verbose) and r.run:
                err = r.run.stderr.decode(errors="replace").strip().splitlines()
                for line in err[-3:]:
                    print(f"        stderr: {line[:300]}", flush=True)
            if not opts.keep and not r.problems:
                subprocess.run(["rm", "-rf", str(folder)])
    finally:
        world.close()
    total = time.monotonic() - started
    families = {}
    for r in results:
        f = families.setdefault(r.case.family, {"cases": 0, "error": 0, "verdict": 0, "defects": 0, "names": []})
        f["cases"] += 1
        if r.problems:
            f["defects"] += 1
            f["names"].append(r.case.name)
        elif r.kind in ("error", "verdict"):
            f[r.kind] += 1
    print()
    print(f"| family | cases | clear errors | right verdicts | defects |")
    print(f"|---|---|---|---|---|")
    for name, f in families.items():
        print(f"| {name} | {f['cases']} | {f['error']} | {f['verdict']} | {f['defects']} {' '.join(f['names'])} |")
    n_def = sum(f["defects"] for f in families.values())
    print(f"\n{len(results)} cases, {n_def} with defects, {total:.0f} s; case folders under {root}")
    if opts.json:
        with open(opts.json, "w") as fh:
            json.dump(
                [
                    {
                        "family": r.case.family,
                        "name": r.case.name,
                        "exit": r.run.code if r.run else None,
                        "seconds": round(r.run.elapsed, 2) if r.run else None,
                        "kind": r.kind,
                        "note": r.note,
                        "problems": r.problems,
                        "stderr": (r.run.stderr.decode(errors="replace")[-2000:] if r.run else ""),
                    }
                    for r in results
                ],
                fh,
                indent=1,
            )
    if not opts.keep and not any(r.problems for r in results):
        subprocess.run(["rm", "-rf", str(root)])
    sys.exit(1 if n_def else 0)


if __name__ == "__main__":
    main()
