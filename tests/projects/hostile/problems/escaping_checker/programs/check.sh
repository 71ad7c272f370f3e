#!/bin/sh
# A hostile checker: it may write in its current folder (a scratch folder of its own, emptied
# after each call, as Polygon's invoker gives a checker), and tries to write everywhere else:
# its work folder one up (its program and the call's files), /box, /etc, /root, the problem's
# folder. Every such write must fail; it then ends with exit code 5, which the testlib
# convention does not allow (a judge error naming it). Should a write succeed, or the scratch
# folder hold what an earlier call left, or not be writable, it says so and accepts, which the
# tests catch.
problem=$(dirname "$0")/..
if [ -e left.txt ]; then
    echo "saw left.txt, left by an earlier call" >&2
    exit 0
fi
if ! (echo left > left.txt) 2>/dev/null; then
    echo "could not write its current folder" >&2
    exit 0
fi
for target in ../escaped.txt ../input /box/escaped.txt /etc/escaped.txt /root/escaped.txt "$problem/escaped.txt"; do
    if (echo escaped > "$target") 2>/dev/null; then
        echo "wrote $target" >&2
        exit 0
    fi
done
echo "every write outside its scratch folder failed" >&2
exit 5
