#!/usr/bin/env bash
# The restmap-check pre-commit hook (.pre-commit-hooks.yaml): `restmap check -c FILE` for each
# config pre-commit passes. `check` reads one config a run, so this runs it once per file and
# fails when any run fails. Arguments that start with '-' and name no file are options for
# every run, a value joined with '=' (--fail-on=warning, --model=Model.xcdatamodeld); the
# others are configs. RESTMAP names the binary (default: restmap on PATH).
#
#   scripts/pre-commit-check.sh [OPTION ...] CONFIG ...
set -u
restmap=${RESTMAP:-restmap}
if ! command -v "$restmap" >/dev/null 2>&1; then
    echo "restmap-check: '$restmap' is not on PATH; install restmap first (make install)" >&2
    exit 2
fi

options=()
configs=()
for argument in "$@"; do
    if [ ! -e "$argument" ] && [ "${argument#-}" != "$argument" ]; then
        options+=("$argument")
    else
        configs+=("$argument")
    fi
done

status=0
for config in ${configs[@]+"${configs[@]}"}; do
    "$restmap" check ${options[@]+"${options[@]}"} -c "$config" || status=1
done
exit $status
