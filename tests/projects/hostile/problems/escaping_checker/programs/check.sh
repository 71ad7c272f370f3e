#!/bin/sh
# A hostile checker: tries to write outside its feedback folder (its own work folder, the
# problem's folder, /etc, /root). Every write must fail; it then ends with exit code 5, which
# the testlib convention does not allow (a judge error naming it). Should a write succeed, it
# says so and accepts, which the tests catch.
problem=$(dirname "$0")/..
for target in escaped.txt /box/escaped.txt /etc/escaped.txt /root/escaped.txt "$problem/escaped.txt"; do
    if (echo escaped > "$target") 2>/dev/null; then
        echo "wrote $target" >&2
        exit 0
    fi
done
echo "every write outside the feedback folder failed" >&2
exit 5
