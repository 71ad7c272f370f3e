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
# already downloaded and of target/ (at the same cargo home path, so the crates cargo built
# already are not compiled again: the machine is fresh for tools, not for cargo's cache), and
# prints the test summary. Nothing outside the temporary folder and
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
[ -d target ] && cp -a target "$work/judge/target"
mkdir -p "$work/cargo"
[ -d "$cargo_home/registry" ] && cp -a "$cargo_home/registry" "$work/cargo/"
chown -R "$user:" "$work"
chmod 755 "$work"

# Everything the README does not require, hidden: each file becomes an empty, non-executable
# one, each folder an empty one.
hide_files=(java javac jar jshell node nodejs pypy3 pypy chromium chromedriver kotlinc kotlin
  scala scalac php go gofmt mcs mono csc ghc runghc ocaml ocamlfind ruby sbatch srun
  checktestdata verifyproblem)
unshare --mount --propagation private bash -s -- "$work" "$user" "$sysroot" "$cargo_home" \
  "${#hide_files[@]}" "${hide_files[@]}" "$@" <<'INNER'
set -euo pipefail
work=$1 user=$2 sysroot=$3 cargo_home=$4 count=$5
shift 5
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
# The user's cargo home at root's path (cargo's fingerprints name each crate's source by it):
# the first folder on the way that others cannot enter (root's home, say) is replaced by an
# empty one in this namespace, and the copy is mounted there.
case "$cargo_home" in /*) ;; *) cargo_home="$PWD/$cargo_home" ;; esac
closed=
dir=
IFS=/ read -ra parts <<<"${cargo_home#/}"
for part in "${parts[@]}"; do
  dir="$dir/$part"
  [ -e "$dir" ] || break
  if ! setpriv --reuid "$user" --regid "$user" --init-groups test -x "$dir"; then
    closed=$dir
    break
  fi
done
[ -n "$closed" ] && mount -t tmpfs -o mode=755 none "$closed"
mkdir -p "$cargo_home"
mount --bind "$work/cargo" "$cargo_home"
cd "$work/judge"
exec setpriv --reuid "$user" --regid "$user" --init-groups \
  env -i HOME="$work" CARGO_HOME="$cargo_home" PATH="$work/rust/bin:/usr/local/bin:/usr/bin:/bin" \
  LANG=C.UTF-8 cargo test --release --locked --no-fail-fast "$@"
INNER
