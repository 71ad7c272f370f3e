#!/usr/bin/env bash
# Runs the README's test command (`cargo test --release`) the way a new contributor's machine
# would: as a user without root, with only what the README names as required (a Rust
# toolchain, gcc/g++, python3). Java, node, pypy3, chromium, Slurm and the other languages'
# tools are hidden in a private mount namespace, so a test that needs one of them and is not
# marked `#[ignore = "needs ..."]` fails here.
#
#   tests/fresh-machine.sh [CARGO-TEST-ARGS...]   (as root: needs unshare, setpriv, useradd)
#
# It clones the repository's HEAD into a temporary folder owned by the user `judge-fresh`
# (created when missing), gives that user the toolchain read-only, a copy of the crates
# already downloaded and of target/ (at the same cargo home path, and the clone seen at this
# checkout's path, so nothing cargo built already is compiled again: the machine is fresh for
# tools, not for cargo's cache), and prints the test summary. Nothing outside the temporary folder and
# the user is changed; the hiding ends with the namespace.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" = 0 ] || { echo "fresh-machine: run as root" >&2; exit 2; }

user=judge-fresh
id "$user" >/dev/null 2>&1 || useradd --create-home --shell /bin/bash "$user"
sysroot=$(rustc --print sysroot)
cargo_home=${CARGO_HOME:-$HOME/.cargo}

work=$(mktemp -d /tmp/judge-fresh.XXXXXX)
trap 'rm -rf "$work"' EXIT
git clone --quiet --no-hardlinks "$PWD" "$work/judge"
# Uncommitted changes are what is being checked too.
git diff HEAD | (cd "$work/judge" && git apply --allow-empty)
# Only the release builds: `cargo test --release` reads nothing else (clippy's debug builds
# are half of target/).
if [ -d target/release ]; then
  mkdir -p "$work/judge/target"
  cp -a target/release "$work/judge/target/"
fi
# cargo rebuilds a workspace crate whose sources (files, or folders a build script watches) are
# newer than its last build, and a fresh clone's are all new: the clone holds this checkout's
# tracked files with the same contents (HEAD and the same uncommitted changes), so each, and
# each folder holding one, takes this checkout's modification time, and target/'s builds are
# reused.
git ls-files -z | python3 -c '
import os, sys
clone = sys.argv[1].encode()
files = [name for name in sys.stdin.buffer.read().split(b"\0") if name]
folders = set()
for name in files:
    while (name := os.path.dirname(name)) and name not in folders:
        folders.add(name)
for name in files + sorted(folders, key=len, reverse=True):
    copy = os.path.join(clone, name)
    if os.path.lexists(copy) and not os.path.islink(name):
        st = os.stat(name)
        os.utime(copy, ns=(st.st_atime_ns, st.st_mtime_ns))
' "$work/judge"
mkdir -p "$work/cargo"
[ -d "$cargo_home/registry" ] && cp -a "$cargo_home/registry" "$work/cargo/"
chown -R "$user:" "$work"
chmod 755 "$work"

# Everything the README does not require, hidden: each file becomes an empty, non-executable
# one, each folder an empty one.
hide_files=(java javac jar jshell node nodejs pypy3 pypy chromium chromedriver kotlinc kotlin
  scala scalac php go gofmt mcs mono csc ghc runghc ocaml ocamlfind ruby sbatch srun
  checktestdata verifyproblem)
unshare --mount --propagation private bash -s -- "$work" "$user" "$sysroot" "$cargo_home" "$PWD" \
  "${#hide_files[@]}" "${hide_files[@]}" "$@" <<'INNER'
set -euo pipefail
work=$1 user=$2 sysroot=$3 cargo_home=$4 repo=$5 count=$6
shift 6
hide=("${@:1:count}")
shift "$count"
: >"$work/hidden" && chmod 644 "$work/hidden"
for name in "${hide[@]}"; do
  for dir in /usr/local/bin /usr/bin /bin; do
    [ -e "$dir/$name" ] && mount --bind "$work/hidden" "$dir/$name"
  done
done
for dir in /usr/lib/jvm /usr/lib/pypy3; do
  [ -d "$dir" ] && mount -t tmpfs none "$dir"
done
mkdir -p "$work/rust"
mount --bind "$sysroot" "$work/rust"
# show_at PATH FOLDER: FOLDER seen at PATH, the user able to reach it. The first folder on the
# way that the user cannot enter (root's home, say) is replaced by an empty one in this
# namespace (once), and PATH made in it.
emptied=()
show_at() {
  local target=$1 source=$2 dir= part closed=
  local -a parts
  IFS=/ read -ra parts <<<"${target#/}"
  for part in "${parts[@]}"; do
    dir="$dir/$part"
    [ -e "$dir" ] || break
    if ! setpriv --reuid "$user" --regid "$user" --init-groups test -x "$dir"; then
      closed=$dir
      break
    fi
  done
  if [ -n "$closed" ] && ! [[ " ${emptied[*]-} " == *" $closed "* ]]; then
    mount -t tmpfs -o mode=755 none "$closed"
    emptied+=("$closed")
  fi
  mkdir -p "$target"
  mount --bind "$source" "$target"
}
# The user's cargo home at root's path (cargo's fingerprints name each crate's source by it),
# and the clone at this checkout's path: the test binaries in the copied target/ name their
# repository by its path, so a clone elsewhere would be built again (minutes) to run at all.
case "$cargo_home" in /*) ;; *) cargo_home="$PWD/$cargo_home" ;; esac
show_at "$cargo_home" "$work/cargo"
show_at "$repo" "$work/judge"
cd "$repo"
exec setpriv --reuid "$user" --regid "$user" --init-groups \
  env -i HOME="$work" CARGO_HOME="$cargo_home" PATH="$work/rust/bin:/usr/local/bin:/usr/bin:/bin" \
  LANG=C.UTF-8 cargo test --release --locked --no-fail-fast "$@"
INNER
