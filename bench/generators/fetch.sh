#!/usr/bin/env bash
# Fetch packages that build their data with BAPCtools' generators/generators.yaml into a
# folder outside the repository (default /tmp/gen33/packages), at a pinned commit, for
# bench/generators/compare.py. Each package is copied without a data/ folder, as published
# contest repositories keep only the generators.
#
#   bench/generators/fetch.sh [DEST]
#   BAPCTOOLS_GIT=/path/to/a/clone bench/generators/fetch.sh [DEST]   (offline: a local clone)
set -euo pipefail
DEST=${1:-/tmp/gen33/packages}
BAPCTOOLS_REPO=https://github.com/RagnarGrootKoerkamp/BAPCtools
BAPCTOOLS_COMMIT=b6e8c800a23dbc8a99f2455fa54c49e2264cc6de
# BAPCtools' own test problems that carry a generators.yaml.
PACKAGES="alternativeencryption constants divsort generatorcount generatorincludes identity
interactivemultipass multipass testseed"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${BAPCTOOLS_GIT:-}" ]; then
    git -C "$BAPCTOOLS_GIT" archive "$BAPCTOOLS_COMMIT" test/problems | tar -x -C "$work"
else
    git -C "$work" init -q bt
    git -C "$work/bt" fetch -q --depth 1 "$BAPCTOOLS_REPO" "$BAPCTOOLS_COMMIT"
    git -C "$work/bt" archive FETCH_HEAD test/problems | tar -x -C "$work"
fi
mkdir -p "$DEST"
for p in $PACKAGES; do
    rm -rf "${DEST:?}/$p"
    cp -a "$work/test/problems/$p" "$DEST/$p"
    # Generated data is what the tools under comparison write; start without it.
    find "$DEST/$p/data" -mindepth 1 -maxdepth 1 ! -name '.gitignore' -exec rm -rf {} + 2>/dev/null || true
    echo "$p"
done
