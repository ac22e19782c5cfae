#!/bin/sh
# Installs restmap the way a packaged command-line tool is laid out under PREFIX:
#   bin/restmap
#   share/man/man1/restmap.1, restmap.<command>.1        (from man/, see `make man`)
#   share/bash-completion/completions/restmap
#   share/zsh/site-functions/_restmap
#   share/fish/vendor_completions.d/restmap.fish
# The completion scripts come from the binary itself (swift-argument-parser).
#
#   scripts/install.sh BINARY PREFIX            install
#   scripts/install.sh --uninstall PREFIX       remove exactly what install puts there
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)

if [ "${1:-}" = "--uninstall" ]; then
    [ $# -eq 2 ] || { echo "usage: $0 --uninstall PREFIX" >&2; exit 2; }
    prefix=$2
    rm -f "$prefix/bin/restmap" \
        "$prefix/share/bash-completion/completions/restmap" \
        "$prefix/share/zsh/site-functions/_restmap" \
        "$prefix/share/fish/vendor_completions.d/restmap.fish"
    for page in "$root"/man/*.1; do rm -f "$prefix/share/man/man1/$(basename "$page")"; done
    exit 0
fi

[ $# -eq 2 ] || { echo "usage: $0 BINARY PREFIX | --uninstall PREFIX" >&2; exit 2; }
binary=$1 prefix=$2
install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 0755 "$binary" "$prefix/bin/restmap"
for page in "$root"/man/*.1; do install -m 0644 "$page" "$prefix/share/man/man1/"; done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for shell in bash zsh fish; do
    "$binary" --generate-completion-script "$shell" > "$scratch/$shell"
done
install -m 0644 "$scratch/bash" "$prefix/share/bash-completion/completions/restmap"
install -m 0644 "$scratch/zsh" "$prefix/share/zsh/site-functions/_restmap"
install -m 0644 "$scratch/fish" "$prefix/share/fish/vendor_completions.d/restmap.fish"
