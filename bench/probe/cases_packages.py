"""The probe's package cases of issue 30 (parts 3, 4 and 8), in the `package` family: a
`--tests-dir` of 20 000 tests starts at once (pairing inputs with answers was quadratic), and
its last input without an answer is still named; a zip that Python's `zipfile.writestr`
writes (entries whose mode has no file type) is read as `unzip` reads it, while a link entry
stays refused; a name given twice, a file and a folder of one name, and an entry thousands of
folders deep are refused naming them; a pass-fail package, and a submission folder, thousands
of folders deep are refused naming the bound on depth (they were walked until a path was too
long)."""

import os
import warnings
import zipfile

from cases import SUM_PY, code, err, pkg, sol, verdict, write
from probe import Case

TESTS = 20_000
# Deeper than any bound, and than a path may be long (3000 levels: paths of 6000 bytes).
LEVELS = 3000


def _tests_dir(ctx, count, missing_last=False):
    """`t/` with `count` tests 1.in/1.ans ... (the last without its answer if asked), and
    `fail.py`, which fails at once: judge stops at the first test, so the time is the start's."""
    folder = ctx.w / "t"
    folder.mkdir(parents=True)
    for index in range(1, count + 1):
        (folder / f"{index}.in").write_bytes(b"1 2\n")
        if not (missing_last and index == count):
            (folder / f"{index}.ans").write_bytes(b"3\n")
    sol(ctx, "fail.py", "raise SystemExit(1)\n")
    return ["test", "fail.py", "--tests-dir", "t", "--json", "r.json"]


def _zip(ctx, extra=(), typed=True, links=()):
    """`pkg.zip`: the probe's package (with an accepted submission) zipped by Python, each entry
    written by `writestr` from its name (no file type in its mode) unless `typed`; then the
    `extra` entries (name, text), and `links` (name, target) as link entries."""
    d = pkg(ctx, extra={"submissions/accepted/sum.py": SUM_PY})
    target = ctx.w / "pkg.zip"

    def put(archive, name, data):
        if typed:
            info = zipfile.ZipInfo(name)
            info.external_attr = (0o40755 if name.endswith("/") else 0o100644) << 16
            archive.writestr(info, data)
        else:
            archive.writestr(name, data)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a name written twice, on purpose
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
            for folder, folders, files in os.walk(d):
                folders.sort()
                inside = os.path.relpath(folder, d)
                if inside != ".":
                    put(archive, inside + "/", "")
                for name in sorted(files):
                    with open(os.path.join(folder, name), "rb") as file:
                        put(archive, os.path.normpath(os.path.join(inside, name)), file.read())
            for name, text in extra:
                put(archive, name, text)
            for name, link_target in links:
                info = zipfile.ZipInfo(name)
                info.external_attr = 0o120777 << 16
                archive.writestr(info, link_target)
    return ["verify", "pkg.zip", "--time-limit", "1"]


def _nest(top, name, levels):
    """`levels` folders `name` under `top`, each in the one before, made through handles on
    them so that no path is longer than the system takes; a handle on the deepest."""
    fd = os.open(top, os.O_RDONLY | os.O_DIRECTORY)
    for _ in range(levels):
        os.mkdir(name, dir_fd=fd)
        inner = os.open(name, os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
        os.close(fd)
        fd = inner
    return fd


def _write_at(fd, name, data):
    file = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644, dir_fd=fd)
    os.write(file, data)
    os.close(file)


def cases():
    out = []

    def case(name, setup, expect, timeout=60):
        out.append(Case("package", name, setup, expect, timeout=timeout))

    # --- part 3: --tests-dir pairing
    case("tests-dir-20000-tests-start-at-once", lambda ctx: _tests_dir(ctx, TESTS), verdict("RE"), timeout=30)
    case("tests-dir-20000-last-without-answer", lambda ctx: _tests_dir(ctx, TESTS, missing_last=True),
         err(rf"{TESTS}\.in", "answer|ans"), timeout=30)

    # --- part 4: archives
    case("zip-writestr-entries-without-type-bits", lambda ctx: _zip(ctx, typed=False), code(0, r"0 mismatches"))
    case("zip-writestr-link-entry-refused", lambda ctx: _zip(ctx, typed=False, links=[("data/secret/3.in", ctx.secret)]),
         err("pkg.zip", r"data/secret/3\.in", "not a file or a folder"))
    for typed in (True, False):
        how = "typed" if typed else "writestr"
        case(f"zip-{how}-problem-yaml-twice",
             lambda ctx, typed=typed: _zip(ctx, [("problem.yaml", "name: sum\nlimits:\n  memory: 2048\n")], typed=typed),
             err("pkg.zip", r'"problem\.yaml" is in the archive twice'))
        case(f"zip-{how}-file-and-folder-of-one-name",
             lambda ctx, typed=typed: _zip(ctx, [("data/extra", "1\n"), ("data/extra/", "")], typed=typed),
             err("pkg.zip", r'"data/extra/"', r'"data/extra"'))
        case(f"zip-{how}-file-then-entries-under-it",
             lambda ctx, typed=typed: _zip(ctx, [("data/extra", "1\n"), ("data/extra/1.in", "1 2\n")], typed=typed),
             err("pkg.zip", r'"data/extra/1\.in"', r'"data/extra"'))
        case(f"zip-{how}-entries-then-a-file-of-their-folder",
             lambda ctx, typed=typed: _zip(ctx, [("data/extra/1.in", "1 2\n"), ("data/extra", "1\n")], typed=typed),
             err("pkg.zip", r'"data/extra"', r'"data/extra/1\.in"'))
        case(f"zip-{how}-entry-{LEVELS}-folders-deep",
             lambda ctx, typed=typed: _zip(ctx, [("data/secret/" + "a/" * LEVELS + "1.in", "1 2\n")], typed=typed),
             err("pkg.zip", "depth of its folders", "128"))

    # --- part 8: depth of a package's folders
    def passfail_deep(ctx):
        d = pkg(ctx)
        sol(ctx, "sum.py", SUM_PY)
        fd = _nest(d / "data/secret", "g", LEVELS)
        _write_at(fd, "1.in", b"1 1\n")
        _write_at(fd, "1.ans", b"2\n")
        os.close(fd)
        return ["test", "sum.py", "--problem", "pkg", "--time-limit", "1", "--json", "r.json"]

    case(f"passfail-package-{LEVELS}-groups-deep", passfail_deep,
         err("data/secret/g/g", "depth of its groups", "64"), timeout=60)

    def passfail_at_the_bound(ctx):
        d = pkg(ctx)
        sol(ctx, "sum.py", SUM_PY)
        # data/ is 1 and secret/ 2: 62 groups under it are 64, the bound.
        write(d / "data/secret" / ("g/" * 62) / "1.in", "1 1\n")
        write(d / "data/secret" / ("g/" * 62) / "1.ans", "2\n")
        return ["test", "sum.py", "--problem", "pkg", "--time-limit", "1", "--json", "r.json"]

    case("passfail-package-at-the-group-depth-bound", passfail_at_the_bound, verdict("AC"))

    def submission_deep(ctx):
        pkg(ctx)
        sub = ctx.w / "sub"
        write(sub / "sum.py", SUM_PY)
        os.close(_nest(sub, "d", LEVELS))
        return ["test", "sub", "--problem", "pkg", "--time-limit", "1", "--json", "r.json"]

    case(f"submission-folder-{LEVELS}-deep", submission_deep,
         err("sub/d/d", "depth of its folders", "128"), timeout=60)
    return out
