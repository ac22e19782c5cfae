#!/bin/sh
# The release archive (`make dist`): OUTDIR/restmap-VERSION-linux-ARCH.tar.gz, holding
#   restmap-VERSION/bin/restmap
#   restmap-VERSION/share/man/man1/*.1             (from man/)
#   restmap-VERSION/share/bash-completion/completions/restmap, share/zsh/site-functions/_restmap,
#   restmap-VERSION/share/fish/vendor_completions.d/restmap.fish   (made by the binary)
#   restmap-VERSION/README.md, and the licence when the repository has one
# laid out as `make install` lays out PREFIX (scripts/install.sh), so
# `tar -xzf ARCHIVE --strip-components=1 -C /usr/local` installs it. VERSION is what
# `BINARY --version` prints, ARCH `uname -m`. Entries are sorted, owned by root and dated
# by the last commit (SOURCE_DATE_EPOCH when set), so the same inputs give the same bytes.
# Prints the archive's path.
#
#   scripts/dist.sh BINARY OUTDIR
set -eu
[ $# -eq 2 ] || { echo "usage: $0 BINARY OUTDIR" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
binary=$1 outdir=$2

version=$("$binary" --version)
case $version in
    '' | *[!0-9A-Za-z.+-]*) echo "dist: '$binary --version' printed '$version', not a version" >&2; exit 1 ;;
esac
arch=$(uname -m)
if command -v ldd >/dev/null 2>&1 && ldd "$binary" 2>/dev/null | grep -q libswiftCore; then
    echo "dist: warning: $binary loads the Swift runtime from $(dirname "$(ldd "$binary" | awk '/libswiftCore/ { print $3 }')"):" \
        "the archive runs only where that is installed (make dist builds with --static-swift-stdlib)" >&2
fi
name=restmap-$version
archive=$name-linux-$arch.tar.gz

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
sh "$root/scripts/install.sh" "$binary" "$staging/$name"
install -m 0644 "$root/README.md" "$staging/$name/"
for licence in LICENSE LICENSE.md LICENSE.txt LICENCE COPYING NOTICE; do
    if [ -f "$root/$licence" ]; then install -m 0644 "$root/$licence" "$staging/$name/"; fi
done

epoch=${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)}
mkdir -p "$outdir"
tar -C "$staging" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" \
    -cf - "$name" | gzip -9n > "$staging/$archive"
mv "$staging/$archive" "$outdir/$archive"
echo "$outdir/$archive"
