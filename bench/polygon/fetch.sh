#!/usr/bin/env bash
# Fetches public Polygon packages (repositories holding a problem.xml at a problem's root) that
# `judge verify` is tried on (issue 34), at pinned commits, into a folder outside the repository:
#
#   bench/polygon/fetch.sh [--mirror DIR] DEST
#
# lays out DEST/<name>/, one folder per package. Without --mirror every repository is cloned
# (bare, blobs on demand) from its public address into DEST/.git-cache/ and reused on the next
# run; with --mirror DIR the repositories are read from DIR/<owner>+<name>/repo (a bare git
# directory or a clone), for a machine that cannot reach the public addresses. A package folder
# that already exists is left as it is (delete it to fetch it again). Nothing here is
# committed: the packages' programs and tests are other people's work.
set -euo pipefail

usage() { echo "usage: $0 [--mirror DIR] DEST" >&2; exit 2; }
. "$(dirname "$0")/../fetch-lib.sh"
fetch_options "$@"; set -- ${fetch_args[@]+"${fetch_args[@]}"}
[ $# -eq 1 ] || usage
dest="$1"
mkdir -p "$dest"
dest="$(cd "$dest" && pwd)"

# name  repository  commit  path-in-repository
packages="
attack-plan        cloud1204/Attack-Plan                        b36c6c74189bc658dbec0174ab3aa4fe7d709578  .
lexmax-subseq      cloud1204/Lexicographical-Maximal-Subsequence 93e3eb266272adc02b02d61080914d18a4ba1261 .
tree-of-segments   Marlinpa/tree-of-segments                    4ad58507414a8f3be12fa21b8b7ee4e5748e9c6a  .
palindromic-length kborozdin/palindromic-length                 2fad58e82b5cc079bfceb9e782b7e2a8ee4306d2  .
three-points       Mip182/HSE_3_points                          9160f2999a6b2ce589ebd74a6bb2f141467694a7  .
closest-pair       mamrudien/closest-pair-problem               a17891fecd7c2b4d74ca95fa699ac61f4e26071d  .
project2022        azat-ismagilov/project2022                   abda8884c91d184be5f0272300c0475d043ffc14  .
mosh               xiryss/MOSH-task-preparation                 557ba9db603cc8e31e6e2736a82024f59d9c1654  .
lksh-P3-00-checkboard      CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/00/problems/checkboard
lksh-P3-00-lights          CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/00/problems/lights
lksh-P3-00-list            CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/00/problems/list
lksh-P3-00-multiplication  CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/00/problems/multiplication
lksh-P3-00-numgame         CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/00/problems/numgame
lksh-P3-00-primesum        CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/00/problems/primesum
lksh-P3-01-complete        CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/01/problems/complete
lksh-P3-01-gold            CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/01/problems/gold
lksh-P3-01-mockery         CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/01/problems/mockery
lksh-P3-01-nodes           CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/01/problems/nodes
lksh-P3-01-rain            CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/01/problems/rain
lksh-P3-01-two             CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/01/problems/two
lksh-P3-02-connectivity    CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/02/problems/connectivity
lksh-P3-02-forest          CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/02/problems/forest
lksh-P3-02-knight          CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/02/problems/knight
lksh-P3-02-roads           CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/02/problems/roads
lksh-P3-03-bipartite       CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/03/problems/bipartite
lksh-P3-03-tail            CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/03/problems/tail
lksh-P3-04-radio           CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/04/problems/radio
lksh-P3-05-path-length     CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/05/problems/path-length
lksh-P3-05-path            CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/05/problems/path
lksh-P3-06-caver           CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/06/problems/caver
lksh-P3-06-knight-2        CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/06/problems/knight-2
lksh-P3-06-lines           CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/06/problems/lines
lksh-P3-07-beds            CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/07/problems/beds
lksh-P3-07-dijkstra        CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/07/problems/dijkstra
lksh-P3-07-gas             CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/07/problems/gas
lksh-P3-08-floyd-max       CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/08/problems/floyd-max
lksh-P3-08-floyd           CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/P3/08/problems/floyd
lksh-olymp-candy-monster   CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/olymp_P2_P3/problems/candy-monster
lksh-olymp-dandelion       CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/olymp_P2_P3/problems/dandelion
lksh-olymp-detective       CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/olymp_P2_P3/problems/detective
lksh-olymp-diary           CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/olymp_P2_P3/problems/diary
lksh-olymp-feed            CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/olymp_P2_P3/problems/feed
lksh-olymp-gravity-triangles CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/olymp_P2_P3/problems/gravity-triangles
lksh-olymp-money-riddle    CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/olymp_P2_P3/problems/money-riddle
lksh-olymp-sort            CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/olymp_P2_P3/problems/sort
lksh-olymp-soup            CSchool/LKSH2017                             81687856f005bdb0867651644eb532a59111b097  polygon_contests/olymp_P2_P3/problems/soup
"

echo "$packages" | while read -r name repo commit path; do
    [ -n "$name" ] || continue
    out="$dest/$name"
    if [ -e "$out" ]; then echo "kept    $name"; continue; fi
    g="$(git_dir "$repo" "$commit" "$dest/.git-cache")"
    rm -rf "$out.part"; mkdir -p "$out.part"
    tree="$commit"; [ "$path" = . ] || tree="$commit:$path"
    # File by file, leaving out the Windows binaries (*.exe): judge never runs them, and the
    # mirror may lack the large ones.
    git --git-dir="$g" ls-tree -r -z "$tree" | while IFS= read -r -d '' entry; do
        meta="${entry%%$'\t'*}"; file="${entry#*$'\t'}"
        case "$file" in *.exe) continue ;; esac
        read -r mode type object <<< "$meta"
        [ "$type" = blob ] || continue
        mkdir -p "$out.part/$(dirname "$file")"
        if ! git --git-dir="$g" cat-file blob "$object" > "$out.part/$file" 2>/dev/null; then
            # A mirror may lack its largest files (a package's own archive.zip): said, not fatal.
            echo "left out $name/$file: not in $g" >&2
            rm -f "$out.part/$file"
            continue
        fi
        if [ "$mode" = 100755 ]; then chmod +x "$out.part/$file"; fi
    done
    mv "$out.part" "$out"
    echo "fetched $name  ($repo@${commit:0:12}:$path)"
done
