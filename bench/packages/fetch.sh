#!/usr/bin/env bash
# Fetches the real Kattis problem packages that judge verify is compared against Kattis
# problemtools on (issues 23 and 24), at pinned commits, into a folder outside the repository:
#
#   bench/packages/fetch.sh [--mirror DIR] DEST
#
# lays out DEST/<set>/<problem>/, one folder per package (the package's own folder name, as
# problemtools wants it). Without --mirror every repository is cloned (bare, blobs on demand)
# from its public address into DEST/.git-cache/ and reused on the next run; with --mirror DIR
# the repositories are read from DIR/<owner>+<name>/repo (a bare git directory or a clone),
# for a machine that cannot reach the public addresses. A package folder that already exists
# is left as it is (delete it to fetch it again). Nothing here is committed: the packages'
# programs are other people's code.
set -euo pipefail

usage() { echo "usage: $0 [--mirror DIR] DEST" >&2; exit 2; }
. "$(dirname "$0")/../fetch-lib.sh"
fetch_options "$@"; set -- ${fetch_args[@]+"${fetch_args[@]}"}
[ $# -eq 1 ] || usage
dest="$1"
mkdir -p "$dest"
dest="$(cd "$dest" && pwd)"

# set  repository  commit  path-in-repository
packages="
problemtools  Kattis/problemtools  a185fe9741dd28ba838a7bd21ab98b11211f6521  examples/different
problemtools  Kattis/problemtools  a185fe9741dd28ba838a7bd21ab98b11211f6521  examples/hello
problemtools  Kattis/problemtools  a185fe9741dd28ba838a7bd21ab98b11211f6521  examples/guess
problemtools  Kattis/problemtools  a185fe9741dd28ba838a7bd21ab98b11211f6521  examples/oddecho
bapctools     RagnarGrootKoerkamp/BAPCtools  2e3ed1ed329e2ee62e201f5aaa71352f1aec5482  test/problems/fltcmp
bapctools     RagnarGrootKoerkamp/BAPCtools  2e3ed1ed329e2ee62e201f5aaa71352f1aec5482  test/problems/guess
bapctools     RagnarGrootKoerkamp/BAPCtools  2e3ed1ed329e2ee62e201f5aaa71352f1aec5482  test/problems/boolfind
bapctools     RagnarGrootKoerkamp/BAPCtools  2e3ed1ed329e2ee62e201f5aaa71352f1aec5482  test/problems/identity
bapctools2025 RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/identity
bapctools2025 RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/divsort
bapctools2025 RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/constants
bapctools2025 RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/multipass
bapctools2025 RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/interactivemultipass
bapctools2025 RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/different
bapctools2025 RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/fltcmp
bapctools2025 RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/hello
bapctools2025 RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/helloproblemtools
bapctools2025 RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/boolfind
bapctools2025 RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/guess
bapctools2025 RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/testexpectations
bapctools2025 RagnarGrootKoerkamp/BAPCtools  b6e8c800a23dbc8a99f2455fa54c49e2264cc6de  test/problems/generatorcount
rmrc2022      icpc/na-rocky-mountain-2022-2023-public  f89e714870361724a4bd8359fb552464439a938d  problems/champernownecount
rmrc2022      icpc/na-rocky-mountain-2022-2023-public  f89e714870361724a4bd8359fb552464439a938d  problems/colortubes
rmrc2022      icpc/na-rocky-mountain-2022-2023-public  f89e714870361724a4bd8359fb552464439a938d  problems/profitabletrip
rmrc2022      icpc/na-rocky-mountain-2022-2023-public  f89e714870361724a4bd8359fb552464439a938d  problems/foodprocessor
swerc2025     xtof-durr/Kattis-SWERC-2025  214afcbbbaf644ecb8160d70141edb3ef3f162e6  factorytable
swerc2025     xtof-durr/Kattis-SWERC-2025  214afcbbbaf644ecb8160d70141edb3ef3f162e6  jewelsbuilding
swerc2025     xtof-durr/Kattis-SWERC-2025  214afcbbbaf644ecb8160d70141edb3ef3f162e6  isaacqueries
swerc2025     xtof-durr/Kattis-SWERC-2025  214afcbbbaf644ecb8160d70141edb3ef3f162e6  adjustingdrones
swerc2025     xtof-durr/Kattis-SWERC-2025  214afcbbbaf644ecb8160d70141edb3ef3f162e6  chamberofsecrets2
kth2022       Kodsport/kth-challenge-2022  b87b9b8a6ddd48cb65b10cdb43cffbc2a79e7c95  99problems
kth2022       Kodsport/kth-challenge-2022  b87b9b8a6ddd48cb65b10cdb43cffbc2a79e7c95  emergencyexit
kth2022       Kodsport/kth-challenge-2022  b87b9b8a6ddd48cb65b10cdb43cffbc2a79e7c95  namegeneration
kth2022       Kodsport/kth-challenge-2022  b87b9b8a6ddd48cb65b10cdb43cffbc2a79e7c95  thegreategghunt
so2024        Kodsport/swedish-olympiad-2024-public  9efc389a40b9e5fa4f3be987c4355f2fd15605c1  skol/pianot
so2024        Kodsport/swedish-olympiad-2024-public  9efc389a40b9e5fa4f3be987c4355f2fd15605c1  skol/klippaprotein
so2024        Kodsport/swedish-olympiad-2024-public  9efc389a40b9e5fa4f3be987c4355f2fd15605c1  online/stadiljus
so2024        Kodsport/swedish-olympiad-2024-public  9efc389a40b9e5fa4f3be987c4355f2fd15605c1  skol/pickleclicker
so2024        Kodsport/swedish-olympiad-2024-public  9efc389a40b9e5fa4f3be987c4355f2fd15605c1  final/ispusslet
so2024        Kodsport/swedish-olympiad-2024-public  9efc389a40b9e5fa4f3be987c4355f2fd15605c1  katt/rats2
noi2023       nordicolympiad/nordic-olympiad-2023  7d9f77e383b5672267706dbb0dfc0fcf0c58e1a0  problems/icecreammachines
noi2023       nordicolympiad/nordic-olympiad-2023  7d9f77e383b5672267706dbb0dfc0fcf0c58e1a0  problems/islandalliances
boi2025       Matistjati/boi2025-kattis-port  fae742c520a968c95d74f18d6a17ea7b5f445d0b  day1/tow
"

echo "$packages" | while read -r set repo commit path; do
    [ -n "$set" ] || continue
    out="$dest/$set/$(basename "$path")"
    if [ -e "$out" ]; then echo "kept    $set/$(basename "$path")"; continue; fi
    g="$(git_dir "$repo" "$commit" "$dest/.git-cache")"
    rm -rf "$out.part"; mkdir -p "$out.part"
    if ! git --git-dir="$g" archive --format=tar "$commit:$path" | tar -x -C "$out.part"; then
        echo "$0: could not extract $repo@$commit:$path (a file missing from the mirror?)" >&2
        exit 1
    fi
    # A link out of the package to a file elsewhere in its repository (BAPCtools' packages
    # link `validation.h` to the tool's own headers) becomes a copy of that file at the same
    # commit, as the package is used where it was written.
    (cd "$out.part" && find . -type l) | while read -r link; do
        target="$(python3 -c 'import os, sys; print(os.path.normpath(os.path.join(sys.argv[1], os.path.dirname(sys.argv[2]), os.readlink(sys.argv[3]))))' \
            "$path" "$link" "$out.part/$link")"
        case "$target" in "$path"/*|../*) continue ;; esac
        if git --git-dir="$g" cat-file -e "$commit:$target" 2>/dev/null; then
            rm "$out.part/$link"
            git --git-dir="$g" show "$commit:$target" > "$out.part/$link"
        fi
    done
    mv "$out.part" "$out"
    echo "fetched $set/$(basename "$path")  ($repo@${commit:0:12}:$path)"
done
