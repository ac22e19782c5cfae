#!/usr/bin/env bash
# The step of the GitHub Action (action.yml): `restmap validate` with a SARIF report, a JUnit
# report and GitHub annotations, a job summary appended to $GITHUB_STEP_SUMMARY, the report
# paths set as the step's outputs `sarif` and `junit`; exits with restmap's status.
#
# Inputs come as environment variables, never pasted into a script's text, so no input can
# run shell code:
#   INPUT_CONFIG    the config (required)
#   INPUT_SAMPLES   samples, URI=FILE or FILE, separated by spaces or newlines (no globbing)
#   INPUT_MANIFEST  a validate manifest
#   INPUT_FAIL_ON   error|warning|never, passed as --fail-on when not empty
#   RESTMAP         the binary (default: restmap on PATH)
# and the runner's RUNNER_TEMP (reports go to $RUNNER_TEMP/restmap/), GITHUB_STEP_SUMMARY and
# GITHUB_OUTPUT (each skipped when unset, so the script also runs outside Actions).
set -uo pipefail

restmap=${RESTMAP:-restmap}
config=${INPUT_CONFIG:-}
if [ -z "$config" ]; then
    echo "::error title=restmap::the action's config input is required"
    exit 2
fi

reports=${RUNNER_TEMP:-${TMPDIR:-/tmp}}/restmap
sarif=$reports/restmap.sarif
junit=$reports/junit.xml
log=$reports/restmap.log
mkdir -p "$reports"
rm -f "$sarif" "$junit" "$reports/summary.md" "$log"

args=(validate -c "$config")
if [ -n "${INPUT_MANIFEST:-}" ]; then args+=(--manifest "$INPUT_MANIFEST"); fi
if [ -n "${INPUT_FAIL_ON:-}" ]; then args+=(--fail-on "$INPUT_FAIL_ON"); fi
args+=(--report "sarif=$sarif" --report "junit=$junit" --report github)
# The markdown report (a job summary) where this restmap has it; otherwise a summary is
# made below from restmap's summary line.
markdown=
# (The help is read whole: `| grep -q` would stop reading early and fail under pipefail.)
help=$("$restmap" validate --help 2>/dev/null || true)
case $help in
    *markdown*)
        markdown=$reports/summary.md
        args+=(--report "markdown=$markdown")
        ;;
esac
set -f # a sample's name is not a pattern
# shellcheck disable=SC2206 # splitting on spaces and newlines is the input's format
samples=(${INPUT_SAMPLES:-})
set +f
if [ ${#samples[@]} -gt 0 ]; then args+=(-- "${samples[@]}"); fi

# Annotations and diagnostics go to the log as they come, and to a file for the summary line
# (restmap prints it last, on stdout beside the annotations).
"$restmap" "${args[@]}" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    if [ -n "$markdown" ] && [ -s "$markdown" ]; then
        cat "$markdown" >> "$GITHUB_STEP_SUMMARY"
    else
        case $status in 0) verdict=passed ;; 1) verdict=FAILED ;; *) verdict="could not run (exit $status)" ;; esac
        line=$(grep '^validate: ' "$log" | tail -n 1)
        [ -n "$line" ] || line=$(grep -v '^[[:space:]]*$' "$log" | tail -n 1)
        {
            printf '## restmap validate: %s\n\n' "$verdict"
            # In <pre>, HTML-escaped: a line naming a file cannot start markdown of its own.
            printf '<pre>%s</pre>\n\n' "$(printf '%s' "${line:-restmap printed no summary}" |
                sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g')"
            printf 'Findings are annotations on the samples; the SARIF and JUnit reports hold them all.\n'
        } >> "$GITHUB_STEP_SUMMARY"
    fi
fi

if [ -n "${GITHUB_OUTPUT:-}" ]; then
    {
        echo "sarif=$sarif"
        echo "junit=$junit"
    } >> "$GITHUB_OUTPUT"
fi

exit "$status"
