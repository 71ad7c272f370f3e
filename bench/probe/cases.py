"""The probe's cases, by family. Each case builds its files in ctx.w and returns judge's
arguments; its expectation says what a right outcome is (a clear error, exit 2 with stderr
naming the thing, or the right verdict)."""

import json
import os
import re
import signal
import socket
import stat
import subprocess
import time
from pathlib import Path

from probe import Case

# ---------------------------------------------------------------------------------------------
# Expectations


def _err_text(run):
    return run.stderr.decode(errors="replace")


def err(*patterns):
    """Exit 2 with stderr matching every pattern (case-insensitive regex)."""

    def check(ctx, run):
        text = _err_text(run)
        first = text.strip().splitlines()[-1] if text.strip() else "(no message)"
        if run.code != 2:
            return "wrong", f"exit {run.code}, expected 2 ({first[:200]})"
        for p in patterns:
            if not re.search(p, text, re.I | re.S):
                return "wrong", f"stderr lacks /{p}/: {first[:250]}"
        return "error", first[:200]

    return check


def report(ctx, name="r.json"):
    p = ctx.w / name
    return json.loads(p.read_text()) if p.exists() else None


def verdict(*allowed, name="r.json", codes=(0, 1)):
    """Exit 0/1 and the JSON report's verdict starting with one of `allowed`."""

    def check(ctx, run):
        text = _err_text(run).strip()
        if run.code not in codes:
            return "wrong", f"exit {run.code}: {text.splitlines()[-1][:200] if text else ''}"
        r = report(ctx, name)
        if r is None:
            return "wrong", "no report written"
        v = r.get("verdict") or ""
        if not any(v.startswith(a) for a in allowed):
            msg = ""
            for t in r.get("tests", []):
                if t.get("verdict", "AC") != "AC":
                    msg = str(t.get("message") or t.get("detail") or "")[:150]
                    break
            return "wrong", f"verdict {v}, expected {'/'.join(allowed)} {msg}"
        return "verdict", v

    return check


def ce_naming(key):
    """CE with the compile message naming the limit's key."""

    def check(ctx, run):
        kind, note = verdict("CE")(ctx, run)
        if kind == "wrong":
            return kind, note
        msg = (report(ctx) or {}).get("compile_message") or ""
        if key not in msg:
            return "wrong", f"CE without naming {key}: {msg[:120]!r}"
        return kind, f"CE naming {key}"

    return check


def one_of(*checks):
    def check(ctx, run):
        notes = []
        for c in checks:
            kind, note = c(ctx, run)
            if kind != "wrong":
                return kind, note
            notes.append(note)
        return "wrong", " | ".join(notes)

    return check


def code(c, *patterns, kind="verdict", where="both"):
    def check(ctx, run):
        text = (run.stdout + run.stderr).decode(errors="replace")
        if run.code != c:
            return "wrong", f"exit {run.code}, expected {c}: {_err_text(run).strip()[-200:]}"
        for p in patterns:
            if not re.search(p, text, re.I | re.S):
                return "wrong", f"output lacks /{p}/"
        return kind, f"exit {c}"

    return check


def interrupted(*absent):
    """Exit 130 with `judge: interrupted`, and none of the files `absent` (relative to w)."""

    def check(ctx, run):
        text = _err_text(run)
        if run.code != 130:
            return "wrong", f"exit {run.code}, expected 130: {text.strip()[-200:]}"
        if "interrupted" not in text:
            return "wrong", "no 'interrupted' on stderr"
        present = [a for a in absent if (ctx.w / a).exists()]
        if present:
            return "wrong", f"an interrupted run left {present}"
        return "verdict", "interrupted (130), nothing stored"

    return check


# ---------------------------------------------------------------------------------------------
# Builders

SUM_C = r"""#include <stdio.h>
int main(void){long a,b;if(scanf("%ld %ld",&a,&b)!=2)return 3;printf("%ld\n",a+b);return 0;}
"""
SUM_PY = "a, b = map(int, input().split())\nprint(a + b)\n"
GEN_PY = """import random, sys
seed, index, size = map(int, sys.argv[1:4])
r = random.Random(seed * 1000003 + index)
print(r.randint(1, 10**6), r.randint(1, 10**6))
"""
REF_PY = "a, b = map(int, open(0).read().split())\nprint(a + b)\n"


def write(path: Path, content, mode=None):
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        content = content.encode()
    path.write_bytes(content)
    if mode is not None:
        os.chmod(path, mode)
    return path


def sum_problem(ctx, name="sum", extra="", limits=None, samples=None, kind="batch"):
    d = ctx.w / name
    limits = limits if limits is not None else "time_seconds = 1.0\nmemory_mib = 64\n"
    write(d / "problem.toml", f'id = "{name}"\ntitle = "{name}"\nsource = "probe"\nkind = "{kind}"\n[limits]\n{limits}\n{extra}\n')
    for n, i, a in samples if samples is not None else [("1", "1 2\n", "3\n"), ("2", "5 6\n", "11\n")]:
        write(d / "samples" / f"{n}.in", i)
        write(d / "samples" / f"{n}.ans", a)
    return d


def gsum_problem(ctx, name="gsum", extra="", limits=None):
    d = sum_problem(
        ctx,
        name,
        extra='[generator]\nsource = "gen.py"\n[reference]\nsource = "ref.py"\n' + extra,
        limits=limits,
    )
    write(d / "gen.py", GEN_PY)
    write(d / "ref.py", REF_PY)
    return d


def pkg(ctx, name="pkg", yaml=None, tests=None, extra=None):
    d = ctx.w / name
    write(d / "problem.yaml", yaml if yaml is not None else "name: sum\nlimits:\n  memory: 64\n")
    for rel, (i, a) in (tests or {"sample/1": ("1 2\n", "3\n"), "secret/1": ("5 6\n", "11\n"), "secret/2": ("7 8\n", "15\n")}).items():
        write(d / "data" / f"{rel}.in", i)
        write(d / "data" / f"{rel}.ans", a)
    for rel, content in (extra or {}).items():
        write(d / rel, content)
    return d


def sol(ctx, name, content):
    return write(ctx.w / name, content)


def runner(ctx, text):
    write(ctx.w / "runner.toml", text)


def test_args(solution, problem="sum", *more, report="r.json"):
    return ["test", solution, "--problem", problem, "--json", report, *more]


def c_sol(body, includes=""):
    return "#include <stdio.h>\n#include <stdlib.h>\n#include <unistd.h>\n#include <signal.h>\n#include <string.h>\n" + includes + "\n" + body


# a language whose "compiler" is a shell script, to make compilers fork, write, sleep
EVIL_LANG = """
[defaults]
compile_time_limit_seconds = 3
compile_memory_mib = 128
compile_max_processes = 16
compile_output_limit_mib = 8
compile_message_limit_kib = 64
[languages.evil]
name = "evil"
extensions = ["evil"]
compile = ["sh", "{source}"]
run = ["cat", "{source}"]
"""

# ---------------------------------------------------------------------------------------------
# Families


def compile_cases():
    out = []

    def cc(name, filename, source, expect, runner_text=None, timeout=60):
        def setup(ctx, filename=filename, source=source, runner_text=runner_text):
            src = source.replace("SECRET", ctx.secret)
            sol(ctx, filename, src)
            sum_problem(ctx)
            if runner_text:
                runner(ctx, runner_text)
            return test_args(filename, "sum")

        out.append(Case("compile", name, setup, expect, timeout=timeout))

    ce = verdict("CE")
    cc("include-secret", "a.c", '#include "SECRET"\nint main(){}\n', ce)
    cc("include-shadow", "a.c", '#include "/etc/shadow"\nint main(){}\n', ce)
    cc("include-relative-secret", "a.c", '#include "../../../../../../../../SECRET"\nint main(){}\n', ce)
    cc("include-proc-environ", "a.c", '#include "/proc/1/environ"\nint main(){}\n', ce)
    cc("include-dev-zero", "a.c", '#include "/dev/zero"\nint main(){}\n', one_of(ce_naming("compile_memory_mib"), ce_naming("compile_time_limit_seconds")),
       runner_text="[defaults]\ncompile_time_limit_seconds = 5\ncompile_memory_mib = 256\n")
    cc("include-dev-stdin", "a.c", '#include "/dev/stdin"\nint main(){}\n', one_of(ce, verdict("WA")))
    cc("include-dev-tty", "a.c", '#include "/dev/tty"\nint main(){}\n', ce)
    cc("include-own-tmp-cache", "a.c", '#include "/root/.cache/judge/x"\nint main(){}\n', ce)
    cc("incbin-secret", "a.c", '__asm__(".incbin \\"SECRET\\"");\nint main(){}\n', ce)
    cc("embed-secret", "a.cpp", '#embed "SECRET"\nint main(){}\n', ce)
    cc("rust-include-str", "a.rs", 'fn main(){ println!("{}", include_str!("SECRET")); }\n', ce)
    cc("rust-include-bytes-shadow", "a.rs", 'fn main(){ println!("{:?}", include_bytes!("/etc/shadow")); }\n', ce)
    cc("rust-env-home", "a.rs", 'fn main(){ let _x: u8 = env!("HOME"); }\n',
       one_of(ce, verdict("WA")))
    cc("cpp-template-flood", "a.cpp",
       "template<int N> struct A { typename A<N-1>::type t; };\n" * 1 + "int main(){ A<100000> a; }\n",
       ce, runner_text="[defaults]\ncompile_time_limit_seconds = 10\ncompile_message_limit_kib = 64\n")
    cc("cpp-error-flood", "a.cpp",
       "".join(f"int f{i}() {{ return undefined_{i}; }}\n" for i in range(20000)) + "int main(){}\n",
       ce_naming("compile_message_limit_kib"), runner_text="[defaults]\ncompile_message_limit_kib = 16\n")
    cc("cpp-long-compile", "a.cpp",
       "template<int N> struct F { static constexpr long v = F<N-1>::v + F<N-2>::v; };\n"
       "template<> struct F<1>{static constexpr long v=1;}; template<> struct F<0>{static constexpr long v=0;};\n"
       "#define X(n) long x##n = F<n>::v;\n"
       + "".join(f"template<int N> struct G{i} {{ static constexpr long v = G{i}<N-1>::v * 3 % 1000003 + {i}; }};\n"
                 f"template<> struct G{i}<0> {{ static constexpr long v = 1; }};\nlong g{i} = G{i}<800>::v;\n" for i in range(400))
       + "int main(){}\n",
       one_of(ce, verdict("WA")),
       runner_text="[defaults]\ncompile_time_limit_seconds = 2\n", timeout=60)
    evil = EVIL_LANG
    # The shell ends at once, leaving the bomb: CE naming the process limit when the bomb
    # reached it before the step ended, else naming what was left running.
    cc("fork-bomb-compiler", "a.evil", "f() { f | f & }; f\n",
       one_of(ce_naming("compile_max_processes"), ce_naming("still running")), runner_text=evil)
    cc("endless-messages-compiler", "a.evil", "yes 'error: flood'\n", ce_naming("compile_message_limit_kib"), runner_text=evil)
    cc("endless-stderr-compiler", "a.evil", "yes 'error: flood' >&2\n", ce_naming("compile_message_limit_kib"), runner_text=evil)
    cc("huge-file-compiler", "a.evil", "cat /dev/zero > big\n", ce_naming("compile_output_limit_mib"), runner_text=evil)
    cc("many-files-compiler", "a.evil",
       "i=0; while [ $i -lt 120000 ]; do : > f$i; i=$((i+1)); done; cp {source} {binary} 2>/dev/null; exit 0\n",
       one_of(ce, verdict("WA", "AC", "RE")), runner_text=evil.replace("compile_time_limit_seconds = 3", "compile_time_limit_seconds = 20"),
       timeout=90)
    cc("sleeping-compiler", "a.evil", "sleep 100\n", ce_naming("compile_time_limit_seconds"), runner_text=evil)
    cc("memory-hog-compiler", "a.evil", "python3 -c 'x = bytearray(1 << 31)'\n", ce_naming("compile_memory_mib"), runner_text=evil)
    cc("tmp-filling-compiler", "a.evil", "head -c 400000000 /dev/zero > /tmp/fill\n", one_of(ce_naming("compile_output_limit_mib"), ce_naming("compile_memory_mib")), runner_text=evil)
    cc("group-killing-compiler", "a.evil", "kill -9 -1; kill -9 0; exit 0\n", one_of(ce, verdict("WA", "RE", "AC")), runner_text=evil)
    cc("daemon-compiler", "a.evil", "setsid sleep 1000 & (sleep 1000 &) ; exit 1\n", ce, runner_text=evil)
    cc("sigterm-ignoring-compiler", "a.evil", "trap '' TERM; while :; do :; done\n", ce_naming("compile_time_limit_seconds"), runner_text=evil)
    cc("secret-reading-compiler", "a.evil", "cat SECRET; cat /etc/shadow; exit 1\n", ce, runner_text=evil)
    cc("link-leaving-compiler", "a.evil", "ln -s SECRET leak; ln -s /etc/shadow leak2; mkfifo fifo; exit 0\n",
       one_of(ce, verdict("WA", "AC", "RE")), runner_text=evil)
    cc("setuid-leaving-compiler", "a.evil", "cp /bin/sh suid; chmod 4755 suid; exit 0\n",
       one_of(ce, verdict("WA", "AC", "RE")), runner_text=evil)
    cc("network-compiler", "a.evil", "python3 -c 'import socket; socket.create_connection((\"1.1.1.1\", 53), 2)'\n", ce, runner_text=evil)
    return out


def _mkfifo(p):
    p.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(p)


def _mksock(p):
    p.parent.mkdir(parents=True, exist_ok=True)
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(p))
    s.close()


def package_cases():
    out = []

    def pc(name, mutate, expect, args=None, timeout=60):
        def setup(ctx):
            d = pkg(ctx)
            sol(ctx, "sum.py", SUM_PY)
            mutate(ctx, d)
            return args(ctx, d) if args else test_args("sum.py", "pkg", "--time-limit", "1")

        out.append(Case("package", name, setup, expect, timeout=timeout))

    def replace_link(rel, target):
        def m(ctx, d):
            p = d / rel
            if p.exists() or p.is_symlink():
                p.unlink()
            p.parent.mkdir(parents=True, exist_ok=True)
            os.symlink(target.replace("SECRET", ctx.secret), p)

        return m

    def replace_with(rel, make):
        def m(ctx, d):
            p = d / rel
            if p.exists() or p.is_symlink():
                p.unlink()
            make(p)

        return m

    pc("test-link-to-secret", replace_link("data/secret/1.in", "SECRET"), err("1.in"))
    pc("answer-link-to-shadow", replace_link("data/secret/1.ans", "/etc/shadow"), err("1.ans"))
    pc("test-link-to-dev-zero", replace_link("data/secret/1.in", "/dev/zero"), err("1.in"))
    pc("test-link-to-dev-urandom", replace_link("data/secret/2.ans", "/dev/urandom"), err("2.ans"))
    pc("test-is-fifo", replace_with("data/secret/1.in", _mkfifo), err("1.in"))
    pc("test-is-socket", replace_with("data/secret/1.in", _mksock), err("1.in"))
    pc("test-is-char-device", replace_with("data/secret/1.in", lambda p: os.mknod(p, stat.S_IFCHR | 0o644, os.makedev(1, 5))), err("1.in"))
    pc("test-dangling-link", replace_link("data/secret/1.in", "nowhere.in"), err("1.in"))
    pc("test-link-loop", lambda ctx, d: (os.unlink(d / "data/secret/1.in"), os.symlink("1.in", d / "data/secret/1.in")), err("1.in"))
    pc("group-link-loop", lambda ctx, d: os.symlink("..", d / "data/secret/loop"), err("loop"))
    pc("group-link-to-etc", lambda ctx, d: os.symlink("/etc", d / "data/secret/etc"), err("etc"))
    pc("data-sample-link-out", lambda ctx, d: (os.system(f"rm -rf {d}/data/sample"), os.symlink("/root", d / "data/sample")), err("sample"))
    pc("link-inside-package-ok", lambda ctx, d: (write(d / "data/secret/g2/a.in", ""), os.unlink(d / "data/secret/g2/a.in"),
                                                 os.symlink("../1.in", d / "data/secret/g2/a.in"), os.symlink("../1.ans", d / "data/secret/g2/a.ans")),
       verdict("AC"))
    pc("huge-sparse-test", lambda ctx, d: os.truncate(d / "data/secret/1.in", 300 << 20), err("1.in", "256"))
    pc("zip-bomb-sparse-10g", lambda ctx, d: os.truncate(d / "data/secret/2.ans", 10 << 30), err("2.ans"))
    pc("test-over-configured-cap", lambda ctx, d: (runner(ctx, "[files]\ntest_file_limit_mib = 1\n"), write(d / "data/secret/1.in", b"1 2\n" + b" " * (2 << 20))),
       err("1.in", "test_file_limit_mib|1 MiB"))

    def non_utf8(ctx, d):
        n = os.fsencode(str(d / "data/secret")) + b"/\xff\xfe"
        open(n + b".in", "wb").write(b"2 2\n")
        open(n + b".ans", "wb").write(b"4\n")

    pc("non-utf8-test-names", non_utf8, verdict("AC"))

    def deep(ctx, d):
        p = d / "data/secret"
        for i in range(60):
            p = p / f"g{i}"
        write(p / "1.in", "1 1\n")
        write(p / "1.ans", "2\n")

    pc("deep-nesting-60", deep, verdict("AC"))

    def deeper(ctx, d):
        p = os.fsencode(str(d / "data/secret"))
        os.chdir(p)
        for i in range(1500):
            os.mkdir(b"g")
            os.chdir(b"g")
        open(b"1.in", "wb").write(b"1 1\n")
        open(b"1.ans", "wb").write(b"2\n")
        os.chdir("/")

    # Past the group depth bound (64, data/ counted): refused at once, naming the bound.
    pc("deep-nesting-1500", deeper, err(r"depth of its groups must be between 1 and 64"), timeout=120)

    def many(ctx, d):
        for i in range(3000):
            write(d / f"data/secret/m/{i}.in", f"{i} 1\n")
            write(d / f"data/secret/m/{i}.ans", f"{i + 1}\n")

    pc("three-thousand-tests", many, verdict("AC"), args=lambda ctx, d: test_args("sum.c", "pkg", "--time-limit", "1"), timeout=300)

    def with_c(m):
        def mm(ctx, d):
            sol(ctx, "sum.c", SUM_C)
            m(ctx, d)
        return mm

    out[-1].setup = (lambda f: (lambda ctx: (sol(ctx, "sum.c", SUM_C), f(ctx))[1]))(out[-1].setup)
    pc("missing-answer", lambda ctx, d: os.unlink(d / "data/secret/1.ans"), one_of(err("1.ans|1.in|answer"), verdict("AC")))
    pc("problem-yaml-link-secret", replace_link("problem.yaml", "SECRET"), err("problem.yaml"))
    pc("problem-yaml-dev-zero", replace_link("problem.yaml", "/dev/zero"), err("problem.yaml"))
    pc("problem-yaml-fifo", replace_with("problem.yaml", _mkfifo), err("problem.yaml"))
    pc("testdata-yaml-link-out", replace_link("data/secret/testdata.yaml", "SECRET"), err("testdata.yaml"))
    pc("timelimit-file-link-out", replace_link(".timelimit", "SECRET"), err("timelimit"))
    pc("validator-source-link-out", lambda ctx, d: (write(d / "input_validators/v/x", ""), os.unlink(d / "input_validators/v/x"),
                                                    os.symlink(ctx.secret, d / "input_validators/v/validate.py")),
       err("validate.py|input_validators"), args=lambda ctx, d: ["verify", "pkg", "--time-limit", "1"])
    pc("output-validator-fifo", lambda ctx, d: (write(d / "problem.yaml", "validation: custom\nlimits:\n  memory: 64\n"),
                                                _mkfifo(d / "output_validators/v/check.py")),
       err("check.py|output_validators"))

    # an output validator that leaves its judgemessage.txt as a link to the secret, a FIFO, huge
    def ov(body):
        def m(ctx, d):
            write(d / "problem.yaml", "validation: custom\nlimits:\n  memory: 64\n")
            write(d / "output_validators/v/check.py", "import os, sys\nfb = sys.argv[3]\n" + body.replace("SECRET", ctx.secret))
        return m

    pc("judgemessage-link-to-secret", ov("os.symlink('SECRET', os.path.join(fb, 'judgemessage.txt'))\nsys.exit(43)\n"),
       one_of(verdict("JE", "WA", codes=(1, 2)), err("judgemessage")))
    pc("judgemessage-fifo", ov("os.mkfifo(os.path.join(fb, 'judgemessage.txt'))\nsys.exit(43)\n"),
       one_of(verdict("JE", "WA", codes=(1, 2)), err("judgemessage")))
    pc("judgemessage-huge", ov("open(os.path.join(fb, 'judgemessage.txt'), 'w').write('x' * (50 << 20))\nsys.exit(43)\n"),
       verdict("WA", "JE", codes=(1, 2)))
    pc("output-validator-reads-secret", ov("print(open('SECRET').read(), file=sys.stderr)\nsys.exit(42)\n"),
       one_of(verdict("JE", codes=(1, 2)), err("check|validator")))

    # judge's own problem folders and --tests-dir
    def own(name, mutate, expect, args=None):
        def setup(ctx):
            d = sum_problem(ctx)
            sol(ctx, "sum.c", SUM_C)
            mutate(ctx, d)
            return args(ctx) if args else test_args("sum.c", "sum")

        out.append(Case("package", name, setup, expect))

    own("sample-link-to-secret", lambda ctx, d: (os.unlink(d / "samples/1.in"), os.symlink(ctx.secret, d / "samples/1.in")), err("1.in"))
    own("problem-toml-dev-zero", lambda ctx, d: (os.unlink(d / "problem.toml"), os.symlink("/dev/zero", d / "problem.toml")), err("problem.toml"))
    own("generator-source-outside", lambda ctx, d: write(d / "problem.toml", (d / "problem.toml").read_text() + '[generator]\nsource = "../outside.py"\n'),
        err("outside.py|generator"))
    own("generator-source-absolute-secret", lambda ctx, d: write(d / "problem.toml", (d / "problem.toml").read_text() + f'[generator]\nsource = "{ctx.secret}"\n'),
        err("generator|probe-secret"))
    own("checker-command-outside", lambda ctx, d: write(d / "problem.toml", (d / "problem.toml").read_text() + '[checker]\ntype = "program"\ncommand = ["../../../../bin/true"]\n'),
        one_of(err("checker|true|outside"), verdict("AC", "JE")))

    def tests_dir(mutate):
        def m(ctx, d):
            t = ctx.w / "mytests"
            write(t / "a.in", "1 2\n")
            write(t / "a.ans", "3\n")
            mutate(ctx, t)
        return m

    own("tests-dir-link-out", tests_dir(lambda ctx, t: (os.symlink(ctx.secret, t / "b.in"), write(t / "b.ans", "1\n"))), err("b.in"),
        args=lambda ctx: test_args("sum.c", "sum", "--tests-dir", "mytests"))
    own("tests-dir-fifo", tests_dir(lambda ctx, t: (_mkfifo(t / "b.in"), write(t / "b.ans", "1\n"))), err("b.in"),
        args=lambda ctx: test_args("sum.c", "sum", "--tests-dir", "mytests"))
    own("tests-dir-is-link-to-root", lambda ctx, d: os.symlink("/root", ctx.w / "mytests"), one_of(err("mytests|test"), verdict("AC")),
        args=lambda ctx: test_args("sum.c", "sum", "--tests-dir", "mytests"))

    # grade: a class folder with hostile entries
    def grade_case(name, mutate, expect):
        def setup(ctx):
            sum_problem(ctx)
            cls = ctx.w / "class"
            write(cls / "alice.py", SUM_PY)
            mutate(ctx, cls)
            return ["grade", "--problem", "sum", "class", "--json", "g.json", "--results", "res"]

        out.append(Case("package", name, setup, expect))

    def grade_rows(pattern):
        def check(ctx, run):
            if run.code not in (1, 2):
                return "wrong", f"exit {run.code}"
            text = (run.stdout + run.stderr).decode(errors="replace")
            if not re.search(pattern, text, re.I):
                return "wrong", f"no row naming /{pattern}/"
            if "alice" not in text:
                return "wrong", "alice not graded"
            return "verdict", "row not graded, the others go on"
        return check

    grade_case("grade-fifo-submission", lambda ctx, c: _mkfifo(c / "bob.py"), grade_rows("bob"))
    grade_case("grade-link-out-submission", lambda ctx, c: os.symlink(ctx.secret, c / "bob.py"), grade_rows("bob"))
    grade_case("grade-folder-with-device", lambda ctx, c: (write(c / "carol/main.py", SUM_PY),
                                                           os.symlink("/dev/zero", c / "carol/data.txt")), grade_rows("carol"))
    grade_case("grade-huge-submission", lambda ctx, c: os.truncate(write(c / "dave.py", SUM_PY), 40 << 20), grade_rows("dave"))
    return out


def report_cases():
    out = []

    def rc(name, target, expect, prepare=None, flag="--json"):
        def setup(ctx):
            sum_problem(ctx)
            sol(ctx, "sum.c", SUM_C)
            t = target(ctx) if callable(target) else target
            if prepare:
                prepare(ctx)
            return ["test", "sum.c", "--problem", "sum", flag, t]

        out.append(Case("reports", name, setup, expect))

    rc("json-dev-full", "/dev/full", err("/dev/full"))
    rc("junit-dev-full", "/dev/full", err("/dev/full"), flag="--junit")
    rc("json-dev-null", "/dev/null", code(0, kind="verdict"))
    rc("json-dev-stdout", "/dev/stdout", code(0, r'"verdict"', kind="verdict"))
    rc("html-to-directory", lambda ctx: str(ctx.w), err("html|w"), flag="--html")
    rc("json-in-missing-folder", "nope/r.json", err("nope"))
    rc("json-under-a-file", "sum.c/r.json", err("sum.c"))
    rc("json-non-utf8-name", lambda ctx: os.fsencode(str(ctx.w)) + b"/r\xff.json", code(0, kind="verdict"))
    rc("json-newline-name", "r\nx.json", code(0, kind="verdict"))

    def fifo_reader(ctx):
        p = ctx.w / "fifo"
        os.mkfifo(p)
        # a reader, started by us (cat of a FIFO), so judge's write has somewhere to go
        ctx.extra["reader"] = subprocess.Popen(["sh", "-c", f"cat {p} > {ctx.w}/got.json"])

    def fifo_check(ctx, run):
        r = ctx.extra.get("reader")
        if r:
            try:
                r.wait(timeout=5)
            except subprocess.TimeoutExpired:
                r.kill()
                return "wrong", "FIFO reader never saw the end"
        if run.code != 0:
            return "wrong", f"exit {run.code}"
        if b'"verdict"' not in (ctx.w / "got.json").read_bytes():
            return "wrong", "FIFO got no report"
        return "verdict", "report through the FIFO"

    rc("json-fifo-with-reader", "fifo", fifo_check, prepare=fifo_reader)

    def ro_folder(ctx):
        d = ctx.w / "ro"
        d.mkdir()
        subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(d)], check=True)
        ctx.extra["mount"] = d

    def unmount_after(check):
        def c(ctx, run):
            try:
                return check(ctx, run)
            finally:
                if "mount" in ctx.extra:
                    subprocess.run(["umount", str(ctx.extra["mount"])])
        return c

    rc("json-read-only-folder", "ro/r.json", unmount_after(err("ro/r.json|ro")), prepare=ro_folder)
    rc("csv-read-only-folder", "ro/r.csv", unmount_after(err("r.csv|ro")), flag="--junit", prepare=ro_folder)

    def sticky(ctx):
        d = Path(f"/tmp/probe-sticky-{os.getpid()}-{time.monotonic_ns()}")
        d.mkdir()
        os.chmod(d, 0o1777)
        target = ctx.w / "victim.txt"
        target.write_text("keep me\n")
        link = d / "r.json"
        os.symlink(target, link)
        os.lchown(link, 65534, 65534)
        ctx.extra["sticky"] = d
        ctx.extra["victim"] = target
        return str(link)

    def sticky_check(ctx, run):
        try:
            victim = ctx.extra["victim"].read_text()
            if victim != "keep me\n":
                return "wrong", "followed another user's link in a sticky folder"
            if run.code == 2 and "r.json" in _err_text(run):
                return "error", _err_text(run).strip().splitlines()[-1][:200]
            if run.code == 0:
                return "verdict", "link not followed (replaced or written beside)"
            return "wrong", f"exit {run.code}"
        finally:
            subprocess.run(["rm", "-rf", str(ctx.extra["sticky"])])

    rc("json-link-in-sticky-folder", sticky, sticky_check)
    rc("transcripts-into-file", "sum.c", err("t.txt"),
       flag="--transcripts")
    out[-1].setup = (lambda ctx: ["test", "p.cpp", "--problem", "boj28489", "--games", "1", "--transcripts", "t.txt"]
                     if not (sol(ctx, "p.cpp", "int main(){}\n") and write(ctx.w / "t.txt", "x")) else
                     ["test", "p.cpp", "--problem", "boj28489", "--games", "1", "--transcripts", "t.txt"])
    rc("gen-out-existing-file", "x", err("out|x"))
    out[-1].setup = lambda ctx: (write(ctx.w / "x", "keep"), ["gen", "boj12100", "--count", "2", "--out", "x"])[1]
    rc("export-into-nonempty", "x", err("x"))
    out[-1].setup = lambda ctx: (write(ctx.w / "x/keep", "keep"), ["export", "boj12100", "--kattis", "x", "--count", "1"])[1]
    return out


# A 2048 player (boj28489) that plays the first move that changes its board (games of hundreds
# of rounds): the tests' slow one (tests/programs/slow_2048.py, 50 ms a round, so a game takes
# seconds), and the same without its wait.
SLOW_PLAYER = (Path(__file__).resolve().parents[2] / "tests/programs/slow_2048.py").read_text()
assert "time.sleep(0.05)" in SLOW_PLAYER, "tests/programs/slow_2048.py no longer waits 50 ms"
PLAYER_2048 = SLOW_PLAYER.replace("time.sleep(0.05)", "time.sleep(0)")


def interrupt_cases():
    out = []
    slow_py = "import time\ntime.sleep(0.4)\n" + SUM_PY

    def ic(name, build, delay, sig, target, absent=(), after=None, timeout=60, expect=None):
        out.append(Case("interrupt", name, build, expect or interrupted(*absent), timeout=timeout,
                        interrupt=(delay, sig, target), after=after))

    def run_phase(ctx):
        gsum_problem(ctx)
        sol(ctx, "slow.py", slow_py)
        return test_args("slow.py", "gsum", "--count", "30", "--jobs", "1", "--junit", "r.xml")

    def compile_phase(ctx):
        sum_problem(ctx)
        runner(ctx, EVIL_LANG.replace("compile_time_limit_seconds = 3", "compile_time_limit_seconds = 30"))
        sol(ctx, "a.evil", "sleep 25\n")
        return test_args("a.evil", "sum")

    def validators_phase(ctx):
        pkg(ctx, extra={"input_validators/v/validate.py": "import time\ntime.sleep(30)\n"})
        sol(ctx, "sum.py", SUM_PY)
        return ["verify", "pkg", "--time-limit", "1", "--json", "r.json"]

    def validate_phase(ctx):
        gsum_problem(ctx, extra='[validator]\nsource = "val.py"\n')
        write(ctx.w / "gsum/val.py", "import time\ntime.sleep(30)\n")
        write(ctx.w / "a.in", "1 2\n")
        return ["validate", "gsum", "a.in"]

    def grade_phase(ctx):
        gsum_problem(ctx)
        cls = ctx.w / "class"
        write(cls / "a_fast.py", SUM_PY)
        write(cls / "b_slow.py", slow_py)
        write(cls / "c_fast.py", SUM_PY + "# another\n")
        return ["grade", "--problem", "gsum", "class", "--count", "12", "--jobs", "1", "--results", "res", "--json", "r.json", "--csv", "r.csv"]

    def stress_phase(ctx):
        gsum_problem(ctx)
        sol(ctx, "slowok.py", slow_py)
        return ["stress", "slowok.py", "--problem", "gsum", "--time", "30", "--out", "fails"]

    def export_phase(ctx):
        return ["export", "boj12100", "--kattis", "out", "--count", "3000"]

    def gen_phase(ctx):
        return ["gen", "boj12100", "--count", "20000", "--out", "gout"]

    def games_phase(ctx):
        sol(ctx, "ai.py", SLOW_PLAYER)
        return ["test", "ai.py", "--problem", "boj28489", "--games", "4", "--json", "r.json", "--transcripts", "tr"]

    def compare_phase(ctx):
        sol(ctx, "ai.py", SLOW_PLAYER)
        sol(ctx, "ai2.py", SLOW_PLAYER + "# another\n")
        return ["compare", "ai.py", "ai2.py", "--problem", "boj28489", "--games", "4", "--html", "c.html"]

    def regrade_all_ac(ctx, run):
        """A rerun after the interruption: every submission AC (an interrupted one stored as
        anything else would be a lost result), and the stored one is reused."""
        problems = []
        rerun = ctx.judge(["grade", "--problem", "gsum", "class", "--count", "12", "--jobs", "1", "--results", "res", "--json", "r2.json"], timeout=120)
        if rerun.code != 0:
            problems.append(f"lost result: rerun after interruption exit {rerun.code}: {rerun.stdout.decode(errors='replace')[-400:]}")
        return problems

    def sweep_after_kill(cmd):
        def after(ctx, run):
            problems = []
            time.sleep(1.0)
            from probe import processes_naming
            left = processes_naming(str(ctx.folder).encode())
            if left:
                problems.append(f"leak: processes outlive a SIGKILLed judge: {left}")
            rerun = ctx.judge(cmd(ctx), timeout=120)
            if rerun.code not in (0, 1):
                problems.append(f"rerun after SIGKILL: exit {rerun.code} {rerun.stderr.decode(errors='replace')[-300:]}")
            return problems
        return after

    I, T, H, K = signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGKILL
    ic("run-sigint-group", run_phase, 2.5, I, "group", ["r.json", "r.xml"])
    ic("run-sigint-judge", run_phase, 2.5, I, "judge", ["r.json", "r.xml"])
    ic("run-sigterm", run_phase, 2.5, T, "judge", ["r.json", "r.xml"])
    ic("run-sighup", run_phase, 2.5, H, "judge", ["r.json", "r.xml"])
    # Ctrl-\ (SIGQUIT): as Ctrl-C, to judge alone and to a grade's process group.
    Q = signal.SIGQUIT
    ic("run-sigquit", run_phase, 2.5, Q, "judge", ["r.json", "r.xml"])
    ic("run-double-sigint", run_phase, 2.5, I, "judge", ["r.json"])
    out[-1].interrupt = None
    out[-1].setup = (lambda f: f)(run_phase)

    def double_int(ctx):
        args = run_phase(ctx)
        return args
    out.pop()
    ic("compile-sigint-group", compile_phase, 1.5, I, "group", ["r.json"])
    ic("compile-sigterm", compile_phase, 1.5, T, "judge", ["r.json"])
    ic("compile-sighup", compile_phase, 1.5, H, "judge", ["r.json"])
    ic("validators-sigint-group", validators_phase, 2.5, I, "group", ["r.json"])
    ic("validators-sigterm", validators_phase, 2.5, T, "judge", ["r.json"])
    ic("validate-sigint", validate_phase, 2.5, I, "group")
    ic("validate-sighup", validate_phase, 2.5, H, "judge")
    ic("grade-sigint-group", grade_phase, 5.0, I, "group", ["r.json", "r.csv"], after=regrade_all_ac, timeout=120)
    ic("grade-sigterm", grade_phase, 6.0, T, "judge", ["r.json", "r.csv"], after=regrade_all_ac, timeout=120)
    ic("grade-sighup", grade_phase, 4.0, H, "judge", ["r.json", "r.csv"], after=regrade_all_ac, timeout=120)
    ic("grade-sigquit-group", grade_phase, 4.0, Q, "group", ["r.json", "r.csv"], after=regrade_all_ac, timeout=120)
    ic("stress-sigint", stress_phase, 3.0, I, "group", ["fails"],
       expect=lambda ctx, run: ("wrong", "said 'looks right' after an interruption") if b"looks right" in run.stdout + run.stderr else interrupted("fails")(ctx, run))
    ic("stress-sigterm", stress_phase, 3.0, T, "judge", ["fails"])
    ic("export-sigint", export_phase, 1.0, I, "group", ["out"])
    ic("export-sigterm", export_phase, 1.0, T, "judge", ["out"])
    ic("gen-out-sigint", gen_phase, 1.0, I, "group", ["gout"])
    ic("games-sigint", games_phase, 2.0, I, "group", ["r.json"])
    ic("games-sighup", games_phase, 2.0, H, "judge", ["r.json"])
    ic("compare-sigint", compare_phase, 2.0, I, "group", ["c.html"])
    ic("compare-sigterm", compare_phase, 2.0, T, "judge", ["c.html"])
    kill_expect = lambda ctx, run: ("verdict", "SIGKILLed") if run.code == -9 else ("wrong", f"exit {run.code} before the SIGKILL")
    ic("run-sigkill-then-rerun", run_phase, 2.5, K, "judge", after=sweep_after_kill(lambda ctx: test_args("slow.py", "gsum", "--count", "1", report="r2.json")),
       expect=kill_expect)
    ic("compile-sigkill-then-rerun", compile_phase, 1.5, K, "judge",
       after=sweep_after_kill(lambda ctx: (sol(ctx, "a.c", SUM_C), test_args("a.c", "sum", report="r2.json"))[1]), expect=kill_expect)
    ic("grade-sigkill-then-rerun", grade_phase, 5.0, K, "judge", after=lambda ctx, run: sweep_after_kill(lambda c: ["grade", "--problem", "gsum", "class", "--count", "12", "--jobs", "1", "--results", "res"])(ctx, run) + regrade_all_ac(ctx, run),
       expect=kill_expect, timeout=120)
    ic("validators-sigkill-then-rerun", validators_phase, 2.5, K, "judge",
       after=sweep_after_kill(lambda ctx: (sol(ctx, "a.c", SUM_C), sum_problem(ctx), test_args("a.c", "sum", report="r2.json"))[2]), expect=kill_expect)
    ic("games-sigkill-then-rerun", games_phase, 2.0, K, "group",
       after=sweep_after_kill(lambda ctx: (sol(ctx, "a.c", SUM_C), sum_problem(ctx), test_args("a.c", "sum", report="r2.json"))[2]), expect=kill_expect)

    # a merge of large parts, interrupted
    def merge_phase(ctx):
        gsum_problem(ctx)
        sol(ctx, "a.py", SUM_PY)
        for k in range(2):
            r = ctx.judge(["test", "a.py", "--problem", "gsum", "--count", "40", "--shard", f"{k}/2", "--json", f"part{k}.json"], timeout=120)
            assert r.code == 0, r.stderr
        return ["merge", "part0.json", "part1.json", "--json", "m.json", "--html", "m.html"]

    ic("merge-sigint", merge_phase, 0.05, I, "group", ["m.json", "m.html"],
       expect=one_of(interrupted("m.json", "m.html"), code(0, kind="verdict")))
    return out


def clean_cases():
    out = []

    def cl(name, build, expect, after=None):
        out.append(Case("clean", name, build, expect, after=after))

    def cache_with(ctx, extra=""):
        runner(ctx, f'[defaults]\ncache_dir = "cache"\n{extra}')
        sum_problem(ctx)
        sol(ctx, "sum.c", SUM_C)
        r = ctx.judge(test_args("sum.c", "sum"))
        assert r.code == 0, r.stderr
        return ctx.w / "cache"

    def survives(*paths):
        def after(ctx, run):
            return [f"judge clean removed {p}" for p in paths if not os.path.lexists(ctx.w / p)]
        return after

    def user_folder(ctx):
        c = cache_with(ctx)
        write(c / "mine/notes.txt", "mine")
        write(c / "0123456789abcdef0123456789abcdef/notes.txt", "mine, named like an entry")
        return ["clean"]

    cl("clean-keeps-user-folders", user_folder, code(0, kind="verdict"), after=survives("cache/mine/notes.txt", "cache/0123456789abcdef0123456789abcdef/notes.txt"))

    def link_out(ctx):
        c = cache_with(ctx)
        outside = ctx.w / "outside"
        write(outside / "precious.txt", "precious")
        write(outside / ".judge-made", "")
        os.symlink(outside, c / "linked")
        return ["clean"]

    cl("clean-not-through-link-with-marker", link_out, code(0, kind="verdict"), after=survives("outside/precious.txt", "outside/.judge-made"))

    def marker_link(ctx):
        c = cache_with(ctx)
        write(c / "trap/precious.txt", "precious")
        os.symlink("/etc/hostname", c / "trap/.judge-made")
        return ["clean"]

    cl("clean-marker-is-a-link", marker_link, code(0, kind="verdict"), after=survives("cache/trap/precious.txt"))

    def cache_is_file(ctx):
        runner(ctx, '[defaults]\ncache_dir = "cachefile"\n')
        write(ctx.w / "cachefile", "not a folder")
        return ["clean"]

    cl("clean-cache-is-a-file", cache_is_file, one_of(err("cachefile"), code(0, kind="verdict")), after=survives("cachefile"))

    def cache_missing(ctx):
        runner(ctx, '[defaults]\ncache_dir = "nothing-here"\n')
        return ["clean"]

    cl("clean-cache-missing", cache_missing, code(0, kind="verdict"))

    def cache_root_like(ctx):
        victim = ctx.w / "home-like"
        write(victim / "thesis.tex", "years of work")
        write(victim / "sub/.judge-made", "")
        write(victim / "sub/x", "")
        runner(ctx, '[defaults]\ncache_dir = "home-like"\n')
        return ["clean"]

    def home_like_after(ctx, run):
        return survives("home-like/thesis.tex")(ctx, run)

    cl("clean-cache-is-a-home-folder", cache_root_like, code(0, kind="verdict"), after=home_like_after)

    def cache_fifo(ctx):
        c = cache_with(ctx)
        _mkfifo(c / "fifo")
        os.symlink("/dev/zero", c / "zero")
        return ["clean"]

    cl("clean-with-fifo-and-device-links", cache_fifo, code(0, kind="verdict"), after=survives("cache/fifo", "cache/zero"))

    def clean_then_use(ctx):
        c = cache_with(ctx)
        r = ctx.judge(["clean"])
        assert r.code == 0, r.stderr
        return test_args("sum.c", "sum")

    cl("clean-then-test-again", clean_then_use, verdict("AC"))
    return out


def number_cases():
    out = []

    def nc(name, extra_args, expect, problem="gsum", cmd="test", solution="a.py", timeout=40):
        def setup(ctx):
            gsum_problem(ctx)
            sol(ctx, "a.py", SUM_PY)
            if cmd == "test":
                return ["test", solution, "--problem", problem, "--json", "r.json", *extra_args]
            return [cmd, *extra_args]

        out.append(Case("numbers", name, setup, expect, timeout=timeout))

    e = lambda flag: err(re.escape(flag))
    for flag in ("--count", "--seed", "--jobs", "--time-limit", "--memory-limit"):
        for label, value in (("neg", "-1"), ("nan", "NaN"), ("empty", ""), ("word", "abc"), ("2e64", "18446744073709551616")):
            nc(f"{flag[2:]}-{label}", [flag, value], e(flag) if label != "neg" else one_of(e(flag), err("unexpected argument '-1'")))
    nc("count-0", ["--count", "0"], one_of(e("--count"), verdict("AC")))
    nc("count-1e20", ["--count", "100000000000000000000"], e("--count"))
    nc("count-huge-u64", ["--count", "18446744073709551615"], e("--count"), timeout=20)
    nc("count-4e9", ["--count", "4000000000", "--tests", "random"], one_of(e("--count"), verdict("AC")), timeout=20)
    nc("seed-max-u64", ["--seed", "18446744073709551615", "--count", "2"], verdict("AC"))
    nc("jobs-0", ["--jobs", "0", "--count", "2"], verdict("AC"))
    nc("jobs-1e6", ["--jobs", "1000000", "--count", "2"], one_of(e("--jobs"), verdict("AC")), timeout=30)
    nc("time-limit-0", ["--time-limit", "0"], e("--time-limit"))
    nc("time-limit-inf", ["--time-limit", "inf"], e("--time-limit"))
    nc("time-limit-1e20", ["--time-limit", "1e20"], e("--time-limit"))
    nc("time-limit-1e-9", ["--time-limit", "1e-9"], one_of(e("--time-limit"), verdict("TLE")))
    nc("memory-limit-0", ["--memory-limit", "0"], e("--memory-limit"))
    nc("memory-limit-1e20", ["--memory-limit", "100000000000000000000"], e("--memory-limit"))
    nc("memory-limit-2^63", ["--memory-limit", "9223372036854775807"], e("--memory-limit"))
    nc("shard-0-of-0", ["--shard", "0/0"], e("--shard"))
    nc("shard-5-of-2", ["--shard", "5/2"], e("--shard"))
    nc("shard-neg", ["--shard", "-1/2"], one_of(e("--shard"), err("unexpected argument '-1/2'")))
    nc("shard-huge", ["--shard", "0/18446744073709551616"], e("--shard"))
    nc("games-0", ["--games", "0"], e("--games"), problem="boj28489")
    nc("games-1e20", ["--games", "100000000000000000000"], e("--games"), problem="boj28489")
    nc("game-huge", ["--game", "18446744073709551615"], one_of(e("--game"), verdict("WA", "RE", "AC")), problem="boj28489")
    nc("gen-index-huge", ["boj12100", "--index", "18446744073709551615"], one_of(e("--index"), code(0, kind="verdict")), cmd="gen")
    nc("gen-size-0", ["boj12100", "--index", "1", "--size", "0"], e("--size"), cmd="gen")
    nc("gen-size-101", ["boj12100", "--index", "1", "--size", "101"], e("--size"), cmd="gen")
    nc("gen-count-huge-no-out", ["boj12100", "--count", "18446744073709551615"], e("--"), cmd="gen")
    nc("stress-time-0", ["a.py", "--problem", "gsum", "--time", "0"], one_of(e("--time"), code(0, kind="verdict")), cmd="stress")
    nc("stress-time-nan", ["a.py", "--problem", "gsum", "--time", "nan"], e("--time"), cmd="stress")
    nc("stress-time-inf", ["a.py", "--problem", "gsum", "--time", "inf", "--count", "2"], one_of(e("--time"), code(0, kind="verdict")), cmd="stress")
    nc("stress-budget-huge", ["a.py", "--problem", "gsum", "--count", "2", "--shrink-budget", "18446744073709551616"], e("--shrink-budget"), cmd="stress")
    nc("export-count-huge", ["boj12100", "--kattis", "o", "--count", "100000000000"], e("--count"), cmd="export", timeout=30)

    # configuration keys
    def cfg(name, text, expect, where="runner", timeout=40):
        def setup(ctx):
            d = gsum_problem(ctx)
            sol(ctx, "a.py", SUM_PY)
            if where == "runner":
                runner(ctx, text)
            else:
                p = d / "problem.toml"
                p.write_text(p.read_text().replace("time_seconds = 1.0\nmemory_mib = 64\n", text))
            return ["test", "a.py", "--problem", "gsum", "--json", "r.json", "--count", "2"]

        out.append(Case("numbers", name, setup, expect, timeout=timeout))

    for key, bad in (("seed", "-1"), ("jobs", "-1"), ("random_tests", "1e20"), ("random_tests", "9223372036854775807"),
                     ("output_limit_mib", "0"), ("output_limit_mib", "9223372036854775807"), ("stderr_limit_kib", "-5"),
                     ("max_processes", "0"), ("max_processes", "99999999999"), ("compile_time_limit_seconds", "nan"),
                     ("compile_time_limit_seconds", "-1"), ("compile_memory_mib", "0"), ("compile_output_limit_mib", "0"),
                     ("compile_message_limit_kib", "0"), ("wall_time_factor", "inf"), ("wall_time_factor", "0"),
                     ("wall_time_extra_seconds", "-inf"), ("wall_time_extra_seconds", "1e300")):
        cfg(f"runner-{key}-{bad}", f"[defaults]\n{key} = {bad}\n", err(key))
    for key, bad in (("time_limit_seconds", "nan"), ("memory_mib", "0")):
        cfg(f"runner-validators-{key}-{bad}", f"[validators]\n{key} = {bad}\n", err(key))
    for key, bad in (("test_file_limit_mib", "0"), ("source_limit_mib", "99999999999999")):
        cfg(f"runner-files-{key}-{bad}", f"[files]\n{key} = {bad}\n", err(key))
    cfg("runner-lang-time-factor-nan", '[languages.python]\ntime_factor = nan\n', err("time_factor"))
    cfg("runner-lang-memory-extra-huge", '[languages.python]\nmemory_extra_mib = 9223372036854775807\n', err("memory_extra_mib"))
    for text, key in (("time_seconds = nan\nmemory_mib = 64\n", "time_seconds"), ("time_seconds = inf\nmemory_mib = 64\n", "time_seconds"),
                      ("time_seconds = 0\nmemory_mib = 64\n", "time_seconds"), ("time_seconds = -1.0\nmemory_mib = 64\n", "time_seconds"),
                      ("time_seconds = 1e20\nmemory_mib = 64\n", "time_seconds"), ("time_seconds = 1.0\nmemory_mib = 0\n", "memory_mib"),
                      ("time_seconds = 1.0\nmemory_mib = 9223372036854775807\n", "memory_mib"),
                      ("time_seconds = 1.0\nmemory_mib = 64\noutput_mib = 0\n", "output_mib"),
                      ("time_seconds = 1.0\nmemory_mib = 64\noutput_mib = 9223372036854775807\n", "output_mib")):
        cfg(f"problem-{key}-{text.split(chr(10))[0 if key == 'time_seconds' else (1 if key == 'memory_mib' else 2)].split('= ')[1]}", text, err(key), where="problem")
    cfg("problem-program-time-nan", 'time_seconds = 1.0\nmemory_mib = 64\n', err("time_limit_seconds"), where="problem")
    out[-1].setup = (lambda ctx: (gsum_problem(ctx, extra=""), sol(ctx, "a.py", SUM_PY),
                                  (ctx.w / "gsum/problem.toml").write_text((ctx.w / "gsum/problem.toml").read_text().replace('source = "gen.py"', 'source = "gen.py"\ntime_limit_seconds = nan')),
                                  ["test", "a.py", "--problem", "gsum", "--count", "2"])[3])
    # Kattis numbers
    def kn(name, yaml, expect, extra=None, more=()):
        def setup(ctx):
            pkg(ctx, yaml=("problem_format_version: 2023-07\nname: sum\n" + yaml) if "time_limit:" in yaml else yaml, extra=extra)
            sol(ctx, "sum.py", SUM_PY)
            return ["test", "sum.py", "--problem", "pkg", "--json", "r.json", *more]
        out.append(Case("numbers", name, setup, expect))

    kn("yaml-memory-0", "limits:\n  memory: 0\n  time_limit: 1\n", err("memory"))
    kn("yaml-memory-huge", "limits:\n  memory: 1e30\n  time_limit: 1\n", err("memory"))
    kn("yaml-time-limit-nan", "limits:\n  memory: 64\n  time_limit: .nan\n", err("time_limit"))
    kn("yaml-time-limit-neg", "limits:\n  memory: 64\n  time_limit: -3\n", err("time_limit"))
    kn("yaml-time-multiplier-inf", "limits:\n  memory: 64\n  time_multiplier: .inf\n", err("time_multiplier"))
    kn("yaml-output-2^64", "limits:\n  memory: 64\n  time_limit: 1\n  output: 18446744073709551616\n", err("output"))
    kn("timelimit-file-nan", "limits:\n  memory: 64\n", err("timelimit"), extra={".timelimit": "nan\n"})
    kn("timelimit-file-huge", "limits:\n  memory: 64\n", err("timelimit"), extra={".timelimit": "1e300\n"})
    # `judge test` takes a package's limit from its accepted submissions or --time-limit
    # (DOMjudge's .timelimit only with verify's --domjudge-time-limit).
    kn("float-tolerance-nan", "limits:\n  memory: 64\nvalidator_flags: float_tolerance nan\n", one_of(err("float_tolerance"), verdict("AC", "JE")),
       more=("--time-limit", "1"))
    return out


def path_cases():
    out = []

    def pa(name, args, expect, build=None):
        def setup(ctx):
            sum_problem(ctx)
            sol(ctx, "sum.c", SUM_C)
            if build:
                build(ctx)
            return args(ctx) if callable(args) else args

        out.append(Case("paths", name, setup, expect))

    pa("source-missing", ["test", "nope.c", "--problem", "sum"], err("nope.c"))
    pa("source-is-folder", ["test", "sum", "--problem", "sum"], one_of(err("sum"), code(1, kind="verdict")))
    pa("source-non-utf8", lambda ctx: ["test", b"s\xff.c", "--problem", "sum", "--json", "r.json"], verdict("AC"),
       build=lambda ctx: open(os.fsencode(str(ctx.w)) + b"/s\xff.c", "wb").write(SUM_C.encode()))
    pa("source-newline-name", ["test", "s\nx.c", "--problem", "sum", "--json", "r.json"], verdict("AC"),
       build=lambda ctx: write(ctx.w / "s\nx.c", SUM_C))
    pa("source-very-long-path", lambda ctx: ["test", "/".join(["d" * 200] * 30) + "/a.c", "--problem", "sum"], err("a.c|long|name"))
    pa("source-long-existing", lambda ctx: ["test", "x" * 250 + ".c", "--problem", "sum", "--json", "r.json"], verdict("AC"),
       build=lambda ctx: write(ctx.w / ("x" * 250 + ".c"), SUM_C))
    pa("source-dev-zero", ["test", "/dev/zero", "--problem", "sum"], err("/dev/zero"))
    pa("source-dev-zero-as-c", ["test", "z.c", "--problem", "sum"], err("z.c"), build=lambda ctx: os.symlink("/dev/zero", ctx.w / "z.c"))
    pa("source-empty", ["test", "e.c", "--problem", "sum", "--json", "r.json"], verdict("CE"), build=lambda ctx: write(ctx.w / "e.c", ""))
    pa("source-no-extension", ["test", "noext", "--problem", "sum"], err("noext|language"), build=lambda ctx: write(ctx.w / "noext", SUM_C))
    pa("problem-missing", ["test", "sum.c", "--problem", "nope"], err("nope"))
    pa("problem-is-file", ["test", "sum.c", "--problem", "sum.c"], err("sum.c"))
    pa("problem-non-utf8-folder", lambda ctx: ["test", "sum.c", "--problem", b"p\xff", "--json", "r.json"], one_of(err("id"), verdict("AC")),
       build=lambda ctx: os.rename(ctx.w / "sum", os.fsencode(str(ctx.w)) + b"/p\xff"))
    pa("problem-dash-dash", ["test", "sum.c", "--problem", "--"], err("problem|--"))
    pa("config-missing", ["--config", "nope.toml", "test", "sum.c", "--problem", "sum"], err("nope.toml"))
    pa("config-is-folder", ["--config", "sum", "test", "sum.c", "--problem", "sum"], err("sum"))
    pa("config-dev-zero", ["--config", "/dev/zero", "test", "sum.c", "--problem", "sum"], err("/dev/zero"))
    pa("tests-dir-is-file", ["test", "sum.c", "--problem", "sum", "--tests-dir", "sum.c"], err("sum.c"))
    pa("tests-dir-missing", ["test", "sum.c", "--problem", "sum", "--tests-dir", "nope"], err("nope"))
    pa("tests-dir-empty", ["test", "sum.c", "--problem", "sum", "--tests-dir", "empty"], one_of(err("empty"), code(0, kind="verdict")),
       build=lambda ctx: (ctx.w / "empty").mkdir())
    pa("validate-folder", ["validate", "boj12100", "sum"], one_of(err("sum"), code(2, "sum: ", kind="error")))
    pa("validate-missing", ["validate", "boj12100", "nope.in"], one_of(err("nope.in"), code(2, "nope.in: ", kind="error")))
    pa("solve-folder", ["solve", "boj12100", "sum"], err("sum"))
    pa("solve-dev-zero", ["solve", "boj12100", "/dev/zero"], err("/dev/zero"))
    pa("merge-folder", ["merge", "sum"], err("sum"))
    pa("merge-missing", ["merge", "nope.json"], err("nope.json"))
    pa("merge-no-args", ["merge"], code(2, kind="error"))
    pa("replay-missing", ["replay", "nope.txt"], err("nope.txt"))
    pa("replay-dev-zero", ["replay", "/dev/zero"], err("/dev/zero"))
    pa("grade-no-submissions", ["grade", "--problem", "sum"], code(2, kind="error"))
    pa("grade-empty-folder", ["grade", "--problem", "sum", "empty"], one_of(err("empty|submission"), code(0, kind="verdict"), code(1, kind="verdict")),
       build=lambda ctx: (ctx.w / "empty").mkdir())
    pa("language-unknown", ["test", "sum.c", "--problem", "sum", "--language", "cobol9"], err("cobol9"))
    pa("language-non-utf8", lambda ctx: ["test", "sum.c", "--problem", "sum", "--language", b"\xff"], code(2, kind="error"))
    # A name with a slash is a path the user chose: the problem is written there, alone (not
    # in the project), under its last component as its id.
    pa("new-id-with-slash", ["new", "../elsewhere"], code(0, "elsewhere", kind="verdict"),
       build=lambda ctx: write(ctx.w / "runner.toml", ""))
    pa("new-id-non-utf8", lambda ctx: ["new", b"a\xffb"], code(2, kind="error"), build=lambda ctx: write(ctx.w / "runner.toml", ""))
    pa("init-into-file", ["init", "sum.c"], err("sum.c"))
    return out


def hostile_cases():
    out = []

    def hp(name, body, expect, filename="a.c", extra="", limits=None, timeout=60, includes=""):
        def setup(ctx):
            sum_problem(ctx, extra=extra, limits=limits)
            src = body if not filename.endswith(".c") else c_sol(body.replace("SECRET", ctx.secret), includes)
            sol(ctx, filename, src.replace("SECRET", ctx.secret))
            return test_args(filename, "sum", "--all")

        out.append(Case("hostile", name, setup, expect, timeout=timeout))

    hp("fork-bomb", "int main(){for(;;)fork();}", verdict("TLE", "RE", "MLE"))
    hp("fork-bomb-python", "import os\nwhile True:\n    os.fork()\n", verdict("TLE", "RE", "MLE"), filename="a.py")
    hp("memory-hog", "int main(){for(;;){char*p=malloc(1<<20);if(p)memset(p,1,1<<20);}}", verdict("MLE"))
    hp("memory-hog-tmp", 'int main(){FILE*f=fopen("/tmp/x","w");char b[65536];memset(b,1,sizeof b);for(;;)fwrite(b,1,sizeof b,f);}', verdict("MLE", "RE", "OLE", "TLE"))
    hp("infinite-output", 'int main(){for(;;)puts("3");}', verdict("OLE"), limits="time_seconds = 1.0\nmemory_mib = 64\noutput_mib = 1\n")
    hp("stderr-flood-endless", 'int main(){printf("3\\n");fflush(stdout);for(;;)fputs("noise noise noise\\n",stderr);}', verdict("TLE"))
    hp("stderr-flood-then-answer", 'int main(){long a,b;scanf("%ld %ld",&a,&b);for(int i=0;i<200000;i++)fputs("noise noise noise\\n",stderr);printf("%ld\\n",a+b);}', verdict("AC"))
    hp("close-stdout-early", 'int main(){close(1);sleep(0);return 0;}', verdict("WA"))
    hp("close-stdin-and-stdout-then-sleep", 'int main(){close(0);close(1);sleep(60);}', verdict("TLE"))
    hp("sleep", 'int main(){sleep(100);}', verdict("TLE"))
    hp("kill-all", 'int main(){kill(-1,SIGKILL);printf("3\\n");}', verdict("RE", "WA", "AC"))
    hp("kill-own-group", 'int main(){kill(0,SIGKILL);}', verdict("RE"))
    hp("kill-parent", 'int main(){kill(getppid(),SIGKILL);kill(1,SIGKILL);long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a+b);}', verdict("AC", "RE", "WA"))
    hp("ignore-sigterm-spin", 'int main(){signal(SIGTERM,SIG_IGN);signal(SIGINT,SIG_IGN);signal(SIGHUP,SIG_IGN);for(;;);}', verdict("TLE"))
    hp("read-secret", 'int main(){FILE*f=fopen("SECRET","r");char b[256]={0};if(f){fread(b,1,255,f);printf("%s",b);return 0;}long a,c;scanf("%ld %ld",&a,&c);printf("%ld\\n",a+c);}', verdict("AC"))
    hp("read-shadow", 'int main(){FILE*f=fopen("/etc/shadow","r");if(f){return 7;}long a,c;scanf("%ld %ld",&a,&c);printf("%ld\\n",a+c);}', verdict("AC"))
    hp("network", 'int main(){int s=socket(AF_INET,SOCK_STREAM,0);struct sockaddr_in a={0};a.sin_family=AF_INET;a.sin_port=htons(53);a.sin_addr.s_addr=htonl(0x01010101);if(connect(s,(void*)&a,sizeof a)==0)return 9;long x,y;scanf("%ld %ld",&x,&y);printf("%ld\\n",x+y);}',
       verdict("AC"), includes="#include <sys/socket.h>\n#include <netinet/in.h>\n#include <arpa/inet.h>\n")
    hp("daemon-left-behind", 'int main(){if(fork()==0){setsid();if(fork()==0){sleep(1000);}return 0;}long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a+b);}', verdict("AC"))
    hp("thread-bomb", 'void*f(void*x){for(;;)sleep(1);}int main(){pthread_t t;for(;;)pthread_create(&t,0,f,0);}', verdict("TLE", "RE", "MLE"),
       includes="#include <pthread.h>\n")
    hp("segfault", 'int main(){*(volatile int*)0=1;}', verdict("RE"))
    hp("exit-3", 'int main(){return 3;}', verdict("RE"))
    hp("huge-static-untouched", 'static char big[1L<<34];int main(){long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a+b+big[5]);}', verdict("AC", "MLE", "RE"))
    hp("stack-recursion", 'int f(int n){volatile char b[4096];b[0]=n;return n?f(n-1)+b[0]:0;}int main(){printf("%d\\n",f(1<<30));}', verdict("MLE", "RE"))
    hp("ptrace-self", 'int main(){if(ptrace(PTRACE_TRACEME,0,0,0)==0){} long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a+b);}', verdict("AC"),
       includes="#include <sys/ptrace.h>\n")
    hp("write-proc-self-oom-adj", 'int main(){FILE*f=fopen("/proc/self/oom_score_adj","w");if(f){fputs("-1000",f);fclose(f);}long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a+b);}', verdict("AC"))

    # problem programs: checkers, validators, generators, references, interactors
    def pp(name, section, body, expect, args=None, lang="c", timeout=60, extra=""):
        def setup(ctx):
            if section == "checker":
                sec = f'[checker]\ntype = "program"\nsource = "prog.{lang}"\nconvention = "testlib"\ntime_limit_seconds = 2\nmemory_mib = 64\n'
                d = sum_problem(ctx, extra=sec + extra)
            elif section == "validator":
                d = gsum_problem(ctx, extra=f'[validator]\nsource = "prog.{lang}"\ntime_limit_seconds = 2\nmemory_mib = 64\n')
            elif section == "generator":
                d = sum_problem(ctx, extra=f'[generator]\nsource = "prog.{lang}"\ntime_limit_seconds = 2\nmemory_mib = 64\n[reference]\nsource = "ref.py"\n')
                write(d / "ref.py", REF_PY)
            elif section == "reference":
                d = sum_problem(ctx, extra=f'[generator]\nsource = "gen.py"\n[reference]\nsource = "prog.{lang}"\ntime_limit_seconds = 2\nmemory_mib = 64\n')
                write(d / "gen.py", GEN_PY)
            elif section == "interactor":
                d = sum_problem(ctx, kind="interactive", extra=f'[interactor]\nsource = "prog.{lang}"\nconvention = "kattis"\ntime_limit_seconds = 2\nmemory_mib = 64\n')
            write(d / f"prog.{lang}", (c_sol(body) if lang == "c" else body).replace("SECRET", ctx.secret))
            sol(ctx, "a.c", SUM_C)
            return args(ctx) if args else test_args("a.c", "sum", "--count", "2")

        out.append(Case("programs", name, setup, expect, timeout=timeout))

    je = one_of(verdict("JE", codes=(1, 2)), err("checker|prog|judge error"))
    pp("checker-fork-bomb", "checker", "int main(){for(;;)fork();}", je)
    pp("checker-sleeps", "checker", "int main(){sleep(100);}", je)
    pp("checker-ignores-sigterm", "checker", "int main(){signal(SIGTERM,SIG_IGN);for(;;);}", je)
    pp("checker-memory-hog", "checker", "int main(){for(;;){char*p=malloc(1<<20);if(p)memset(p,1,1<<20);}}", je)
    pp("checker-stdout-flood", "checker", 'int main(){for(;;)puts("ok");}', one_of(je, verdict("AC")))
    pp("checker-stderr-flood", "checker", 'int main(){for(;;)fputs("ok\\n",stderr);}', je)
    pp("checker-kills-all", "checker", "int main(){kill(-1,SIGKILL);kill(0,SIGKILL);return 0;}", one_of(je, verdict("AC")))
    pp("checker-reads-secret", "checker", 'int main(){FILE*f=fopen("SECRET","r");char b[256]={0};if(f)fread(b,1,255,f);fprintf(stderr,"%s",b);printf("%s",b);return f?1:0;}', verdict("AC"))
    pp("checker-exit-99", "checker", "int main(){return 99;}", je)
    pp("checker-daemon", "checker", "int main(){if(fork()==0){setsid();sleep(1000);}return 0;}", one_of(verdict("AC"), je))
    pp("validator-sleeps", "validator", "int main(){sleep(100);}", one_of(code(2, "prog|validator", kind="error"), je),
       args=lambda ctx: (write(ctx.w / "x.in", "1 2\n"), ["validate", "gsum", "x.in"])[1])
    pp("validator-fork-bomb", "validator", "int main(){for(;;)fork();}", one_of(code(2, "prog|validator", kind="error"), je),
       args=lambda ctx: (write(ctx.w / "x.in", "1 2\n"), ["validate", "gsum", "x.in"])[1])
    pp("validator-closes-stdin-floods", "validator", 'int main(){close(0);for(;;)puts("x");}', one_of(code(2, "prog|validator", kind="error"), je),
       args=lambda ctx: (write(ctx.w / "x.in", "1 2\n"), ["validate", "gsum", "x.in"])[1])
    pp("validator-in-test-run", "validator", "int main(){sleep(100);}", je,
       args=lambda ctx: (sol(ctx, "a.py", SUM_PY), test_args("a.py", "gsum", "--count", "2"))[1])
    pp("generator-infinite-output", "generator", 'int main(){for(;;)puts("1 2");}', je)
    pp("generator-fork-bomb", "generator", "int main(){for(;;)fork();}", je)
    pp("generator-nondeterministic", "generator", 'int main(){printf("%d %d\\n",getpid()%1000+rand(),(int)time(0)%7);}', je, extra="")
    out[-1].setup = (lambda f: (lambda ctx: (f(ctx), write(ctx.w / "sum/prog.c", c_sol('#include <time.h>\nint main(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);printf("%ld 1\\n",t.tv_nsec);}')))[0]))(out[-1].setup)
    pp("generator-kills-group", "generator", 'int main(){kill(-1,SIGKILL);kill(0,SIGKILL);}', je)
    pp("reference-sleeps", "reference", "int main(){sleep(100);}", je)
    pp("reference-stderr-flood", "reference", 'int main(){for(;;)fputs("x\\n",stderr);}', je)
    pp("reference-closes-stdout", "reference", 'int main(){close(1);sleep(100);}', je)
    inter_args = lambda ctx: (sol(ctx, "i.py", "import sys\nfor line in sys.stdin:\n    print(line.strip(), flush=True)\n"), test_args("i.py", "sum"))[1]
    pp("interactor-closes-early", "interactor", "int main(){close(0);close(1);return 42;}", one_of(verdict("WA", "AC", "RE", "JE", codes=(0, 1, 2)), je), args=inter_args)
    pp("interactor-floods", "interactor", 'int main(){for(;;)puts("1 2 3 4 5 6 7 8");}', one_of(je, verdict("TLE", "WA", "OLE", "RE")), args=inter_args)
    pp("interactor-kills-group", "interactor", "int main(){kill(-1,SIGKILL);kill(0,SIGKILL);return 42;}", one_of(je, verdict("AC", "WA", "RE")), args=inter_args)
    pp("interactor-sleeps", "interactor", "int main(){sleep(100);return 42;}", one_of(je, verdict("TLE", "WA")), args=inter_args)
    pp("interactor-ignores-sigterm", "interactor", "int main(){signal(SIGTERM,SIG_IGN);for(;;);}", one_of(je, verdict("TLE", "WA")), args=inter_args)
    pp("interactor-stderr-flood", "interactor", 'int main(){for(;;)fputs("x\\n",stderr);}', one_of(je, verdict("TLE", "WA")), args=inter_args)
    pp("interactor-reads-secret", "interactor", 'int main(int c,char**v){FILE*f=fopen("SECRET","r");char b[256]={0};if(f)fread(b,1,255,f);printf("%s\\n",b);fflush(stdout);FILE*m=fopen(strcat(strcpy(malloc(4096),v[3]),"judgemessage.txt"),"w");if(m)fputs(b,m);return 43;}',
       one_of(verdict("WA", codes=(1,)), je), args=inter_args)
    return out


def config_cases():
    out = []

    def mc(name, build, expect, timeout=60):
        out.append(Case("configs", name, build, expect, timeout=timeout))

    def with_runner(content):
        def setup(ctx):
            sum_problem(ctx)
            sol(ctx, "sum.c", SUM_C)
            write(ctx.w / "runner.toml", content)
            return test_args("sum.c", "sum")
        return setup

    mc("runner-truncated", with_runner("[defaults]\nseed = 1\n[languages.c\n"), err("runner.toml"))
    mc("runner-wrong-type", with_runner('[defaults]\njobs = "many"\n'), err("runner.toml", "jobs"))
    mc("runner-huge", with_runner("# x\n" * 600000), err("runner.toml", "MiB|large|cap"))
    mc("runner-non-utf8", with_runner(b"[defaults]\nseed = 1 # \xff\xfe\n"), err("runner.toml"))
    mc("runner-language-without-run", with_runner('[languages.zz]\nname = "zz"\nextensions = ["zz"]\n'), err("runner.toml", "run|zz"))
    mc("runner-language-empty-run", with_runner('[languages.c]\nrun = []\n'), err("runner.toml|run"))
    mc("runner-empty-compile", with_runner('[languages.c]\ncompile = []\n'), one_of(err("compile"), verdict("CE", "RE", "AC")))
    mc("runner-unknown-key", with_runner('[defaults]\nsede = 1\n'), err("sede"))
    mc("runner-is-fifo", lambda ctx: (sum_problem(ctx), sol(ctx, "sum.c", SUM_C), _mkfifo(ctx.w / "runner.toml"), test_args("sum.c", "sum"))[3], err("runner.toml"))
    mc("runner-link-to-secret", lambda ctx: (sum_problem(ctx), sol(ctx, "sum.c", SUM_C), os.symlink(ctx.secret, ctx.w / "runner.toml"), test_args("sum.c", "sum"))[3],
       one_of(err("runner.toml"), verdict("AC")))
    mc("runner-deep-nesting", with_runner("x = " + "[" * 100000 + "]" * 100000 + "\n"), err("runner.toml"))
    mc("runner-extension-dup", with_runner('[languages.zz]\nname = "zz"\nextensions = ["c"]\nrun = ["{binary}"]\ncompile=["gcc","-o","{binary}","{source}"]\n'),
       one_of(err("extension|\\.c|zz"), verdict("AC")))
    mc("runner-template-unknown", with_runner('[languages.c]\ncompile = ["gcc", "-o", "{binry}", "{source}"]\n'), one_of(err("binry"), verdict("CE")))

    def with_problem(content):
        def setup(ctx):
            d = sum_problem(ctx)
            write(d / "problem.toml", content)
            sol(ctx, "sum.c", SUM_C)
            return test_args("sum.c", "sum")
        return setup

    mc("problem-truncated", with_problem('id = "sum"\ntitle = "sum"\n[limits\n'), err("problem.toml"))
    mc("problem-wrong-type", with_problem('id = "sum"\ntitle = "sum"\nsource = "x"\nkind = "batch"\n[limits]\ntime_seconds = "one"\nmemory_mib = 64\n'), err("problem.toml", "time_seconds"))
    mc("problem-huge", with_problem('id = "sum"\n' + "# padding\n" * 200000), err("problem.toml"))
    mc("problem-kind-unknown", with_problem('id = "sum"\ntitle = "sum"\nsource = "x"\nkind = "quantum"\n[limits]\ntime_seconds = 1.0\nmemory_mib = 64\n'), err("problem.toml", "kind|quantum"))
    mc("problem-id-mismatch", with_problem('id = "../../etc"\ntitle = "sum"\nsource = "x"\nkind = "batch"\n[limits]\ntime_seconds = 1.0\nmemory_mib = 64\n'),
       one_of(err("id|etc"), verdict("AC")))
    mc("problem-checker-unknown", with_problem('id = "sum"\ntitle = "sum"\nsource = "x"\nkind = "batch"\n[limits]\ntime_seconds = 1.0\nmemory_mib = 64\n[checker]\ntype = "magic"\n'), err("problem.toml", "checker|magic"))
    mc("problem-float-tolerance-nan", with_problem('id = "sum"\ntitle = "sum"\nsource = "x"\nkind = "batch"\n[limits]\ntime_seconds = 1.0\nmemory_mib = 64\n[checker]\ntype = "float"\ntolerance = nan\n'),
       err("tolerance"))

    def with_yaml(content, extra=None):
        def setup(ctx):
            pkg(ctx, yaml=content, extra=extra)
            sol(ctx, "sum.py", SUM_PY)
            return test_args("sum.py", "pkg", "--time-limit", "1")
        return setup

    mc("yaml-truncated", with_yaml("name: [unclosed\nlimits:\n  memory: 64\n"), err("problem.yaml"))
    mc("yaml-wrong-type", with_yaml("limits: 5\n"), err("problem.yaml", "limits"))
    mc("yaml-billion-laughs", with_yaml('a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n'
                                        'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n'
                                        'g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\nh: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\ni: [*h,*h,*h,*h,*h,*h,*h,*h,*h]\nlimits:\n  memory: 64\n'),
       one_of(err("problem.yaml"), verdict("AC")), timeout=30)
    mc("yaml-huge", with_yaml("limits:\n  memory: 64\n" + "# pad\n" * 300000), err("problem.yaml"))
    mc("yaml-non-utf8", with_yaml(b"name: \xff\xfe\nlimits:\n  memory: 64\n"), err("problem.yaml"))
    mc("yaml-deep", with_yaml("x: " + "[" * 50000 + "]" * 50000 + "\n"), err("problem.yaml"))
    mc("yaml-validation-unknown", with_yaml("validation: telepathy\n"), err("problem.yaml", "validation|telepathy"))
    # Scoring packages are graded (issue 24): one without groups of its own is its tests' sum.
    mc("yaml-scoring", with_yaml("type: scoring\nlimits:\n  memory: 64\n"), verdict("AC"))
    mc("testdata-yaml-wrong-type", with_yaml("limits:\n  memory: 64\n", extra={"data/secret/testdata.yaml": "output_validator_flags: {a: 1}\n"}), err("testdata.yaml"))
    mc("testdata-yaml-truncated", with_yaml("limits:\n  memory: 64\n", extra={"data/secret/testdata.yaml": "output_validator_flags: 'unclosed\n"}), err("testdata.yaml"))
    mc("testdata-yaml-huge", with_yaml("limits:\n  memory: 64\n", extra={"data/secret/testdata.yaml": "#" * (2 << 20)}), err("testdata.yaml"))

    # merge parts
    def with_parts(mutate):
        def setup(ctx):
            gsum_problem(ctx)
            sol(ctx, "a.py", SUM_PY)
            for k in range(2):
                r = ctx.judge(["test", "a.py", "--problem", "gsum", "--count", "4", "--shard", f"{k}/2", "--json", f"p{k}.json"])
                assert r.code == 0, r.stderr
            mutate(ctx, ctx.w / "p1.json")
            return ["merge", "p0.json", "p1.json", "--json", "m.json"]
        return setup

    def trunc(ctx, p):
        b = p.read_bytes()
        p.write_bytes(b[: len(b) // 2])

    def retype(ctx, p):
        d = json.loads(p.read_text())
        d["tests"] = "many"
        p.write_text(json.dumps(d))

    def huge_number(ctx, p):
        d = json.loads(p.read_text())
        d["shard"]["count"] = 18446744073709551616
        p.write_text(json.dumps(d))

    def shard_index_out(ctx, p):
        d = json.loads(p.read_text())
        d["shard"]["index"] = 7
        p.write_text(json.dumps(d))

    def nested(ctx, p):
        p.write_text("[" * 200000 + "]" * 200000)

    def nan_cpu(ctx, p):
        t = p.read_text()
        p.write_text(re.sub(r'"cpu_ms":\s*[0-9.]+', '"cpu_ms": -1e400', t, count=1))

    def units_huge(ctx, p):
        d = json.loads(p.read_text())
        d["plan"]["units"] = 10**18
        p.write_text(json.dumps(d))

    def tests_many(ctx, p):
        d = json.loads(p.read_text())
        d["tests"] = d["tests"] * 20000
        p.write_text(json.dumps(d))

    mc("merge-part-truncated", with_parts(trunc), err("p1.json"))
    mc("merge-part-wrong-type", with_parts(retype), err("p1.json"))
    mc("merge-part-shard-2^64", with_parts(huge_number), err("p1.json"))
    mc("merge-part-shard-index-out", with_parts(shard_index_out), err("p1.json|shard"))
    mc("merge-part-deep-nesting", with_parts(nested), err("p1.json"))
    mc("merge-part-negative-huge-float", with_parts(nan_cpu), err("p1.json|cpu"))
    mc("merge-part-units-1e18", with_parts(units_huge), err("p1.json|units|plan"))
    mc("merge-part-tests-repeated", with_parts(tests_many), err("p1.json|tests|units"))
    mc("merge-part-dev-zero", lambda ctx: ["merge", "/dev/zero", "/dev/zero"], err("/dev/zero"))
    mc("merge-same-part-twice", with_parts(lambda ctx, p: None), err("p0.json|twice|shard"))
    out[-1].setup = (lambda f: (lambda ctx: (f(ctx), ["merge", "p0.json", "p0.json", "--json", "m.json"])[1]))(out[-1].setup)

    # transcripts
    def with_transcript(content):
        def setup(ctx):
            write(ctx.w / "t.txt", content)
            return ["replay", "t.txt", "--quiet"]
        return setup

    mc("transcript-garbage", with_transcript("hello world\n"), err("t.txt"))
    mc("transcript-empty", with_transcript(""), err("t.txt"))
    mc("transcript-non-utf8", with_transcript(b"\xff\xfe\x00\x01" * 100), err("t.txt"))
    mc("transcript-huge-numbers", with_transcript("seed 18446744073709551616 game 99999999999999999999\n"), err("t.txt"))

    def real_transcript(mutate):
        def setup(ctx):
            sol(ctx, "ai.py", PLAYER_2048)
            r = ctx.judge(["test", "ai.py", "--problem", "boj28489", "--games", "1", "--transcripts", "tr"], timeout=120)
            files = sorted((ctx.w / "tr").iterdir())
            assert files, r.stderr
            p = files[0]
            mutate(p)
            return ["replay", str(p), "--quiet"]
        return setup

    mc("transcript-truncated", real_transcript(lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2])),
       one_of(err("game-|txt"), code(1, kind="verdict")), timeout=120)
    mc("transcript-move-changed", real_transcript(lambda p: p.write_bytes(re.sub(rb" (UP|LEFT|DOWN|RIGHT)\n", b" X\n", p.read_bytes(), count=3))),
       one_of(err("game-|txt"), code(1, kind="verdict")), timeout=120)
    mc("transcript-animate-huge", real_transcript(lambda p: None), one_of(err("--animate"), code(0, kind="verdict")), timeout=120)
    out[-1].setup = (lambda f: (lambda ctx: f(ctx)[:2] + ["--animate", "18446744073709551616"]))(out[-1].setup)
    return out


def all_cases():
    # Families kept in files of their own (they import this module's builders).
    import cases_isolation
    import cases_packages
    import cases_results
    import cases_text

    return (compile_cases() + package_cases() + report_cases() + interrupt_cases() + clean_cases()
            + number_cases() + path_cases() + hostile_cases() + config_cases()
            + cases_isolation.cases() + cases_results.cases() + cases_packages.cases()
            + cases_text.cases())
