# Shared by bench/*/fetch.sh (sourced, not run): reading their `[--mirror DIR]` option and
# finding a git directory that holds a pinned commit of a public repository.
#
#   fetch_options "$@"; set -- "${fetch_args[@]}"   # sets $mirror, leaves the other arguments
#   g="$(git_dir OWNER/NAME COMMIT CACHE)"          # a git directory holding COMMIT
#
# With --mirror DIR a repository is read from DIR/<owner>+<name>/repo (a bare git directory or
# a clone), for a machine that cannot reach the public addresses; without it, the repository
# is cloned (bare, blobs on demand) from its public address into CACHE/<owner>+<name>.git and
# reused by the next run. Each script defines `usage` before calling fetch_options.

fetch_options() {
    mirror=""
    fetch_args=()
    while [ $# -gt 0 ]; do
        case "$1" in
            --mirror) [ $# -ge 2 ] || usage; mirror="$2"; shift 2 ;;
            -h|--help) usage ;;
            -*) echo "$0: unknown option $1" >&2; usage ;;
            *) fetch_args+=("$1"); shift ;;
        esac
    done
}

git_dir() { # owner/name commit cache: prints a git directory holding that commit
    local repo="$1" commit="$2" cache="$3" key="${1/\//+}" d
    if [ -n "$mirror" ]; then
        d="$mirror/$key/repo"
        [ -d "$d/.git" ] && d="$d/.git"
        if [ ! -d "$d" ]; then echo "$0: no mirror of $repo at $mirror/$key/repo" >&2; exit 1; fi
    else
        d="$cache/$key.git"
        if [ ! -d "$d" ]; then
            mkdir -p "$cache"
            git clone --quiet --bare --filter=blob:none "https://github.com/$repo.git" "$d"
        fi
        if ! git --git-dir="$d" cat-file -e "$commit^{commit}" 2>/dev/null; then
            git --git-dir="$d" fetch --quiet origin "$commit" # a clone made before the pin moved
        fi
    fi
    echo "$d"
}
