#!/usr/bin/env bash
# Fetch packages that build their data with BAPCtools' generators/generators.yaml into a
# folder outside the repository (default /tmp/gen33/packages), at pinned commits, for
# bench/generators/compare.py: BAPCtools' own test problems that carry a generators.yaml, and
# published problem repositories that keep only their generators. Each package is copied
# without its generated data (data/ emptied but for .gitignore), as contest repositories
# publish them.
#
#   bench/generators/fetch.sh [--mirror DIR] [DEST]
#
# Without --mirror each repository is cloned (bare, blobs on demand) from its public address
# into a temporary folder; with --mirror DIR it is read from DIR/<owner>+<name>/repo (a bare
# git directory or a clone), for a machine that cannot reach the public addresses.
# BAPCTOOLS_GIT=/path/to/a/clone still names a local BAPCtools clone. Nothing fetched is committed: the packages' programs
# and tests are other people's work.
set -euo pipefail

usage() { echo "usage: $0 [--mirror DIR] [DEST]" >&2; exit 2; }
. "$(dirname "$0")/../fetch-lib.sh"
fetch_options "$@"; set -- ${fetch_args[@]+"${fetch_args[@]}"}
[ $# -le 1 ] || usage
DEST=${1:-/tmp/gen33/packages}

# name  repository  commit  path-in-repository
packages="
alternativeencryption  RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/alternativeencryption
constants              RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/constants
divsort                RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/divsort
generatorcount         RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/generatorcount
generatorincludes      RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/generatorincludes
identity               RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/identity
interactivemultipass   RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/interactivemultipass
multipass              RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/multipass
testseed               RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/testseed
circles                sumrdev/circles                011ae9a7818af16bde6c8907aa8966eab761465f  .
"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$DEST"
echo "$packages" | while read -r name repo commit path; do
    [ -n "$name" ] || continue
    if [ "$repo" = RagnarGrootKoerkamp/BAPCtools ] && [ -n "${BAPCTOOLS_GIT:-}" ]; then
        g="$BAPCTOOLS_GIT"; [ -d "$g/.git" ] && g="$g/.git"
    else
        g="$(git_dir "$repo" "$commit" "$work")"
    fi
    rm -rf "${DEST:?}/$name" "$work/out"
    mkdir -p "$work/out"
    if [ "$path" = . ]; then
        git --git-dir="$g" archive "$commit" | tar -x -C "$work/out"
        mv "$work/out" "$DEST/$name"
    else
        git --git-dir="$g" archive "$commit" "$path" | tar -x -C "$work/out"
        mv "$work/out/$path" "$DEST/$name"
    fi
    # A link to a file of the repository outside the package (BAPCtools' test problems link
    # their validators' validation.h to its headers) becomes a copy of that file.
    find "$DEST/$name" -xtype l | while read -r link; do
        in_repo="$path/${link#"$DEST/$name/"}"
        target=$(realpath -m --relative-to=/ "/$(dirname "$in_repo")/$(readlink "$link")")
        if git --git-dir="$g" cat-file -e "$commit:$target" 2>/dev/null; then
            rm "$link"
            git --git-dir="$g" show "$commit:$target" > "$link"
        fi
    done
    # Generated data is what the tools under comparison write; start without it.
    find "$DEST/$name/data" -mindepth 1 -maxdepth 1 ! -name '.gitignore' -exec rm -rf {} + 2>/dev/null || true
    echo "$name"
done
