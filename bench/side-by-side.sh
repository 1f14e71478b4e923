#!/usr/bin/env bash
# One benchmark on two versions of the code in one run, alternating, so that both see the same machine:
#
#   bench/side-by-side.sh REV ROUNDS BENCH [PATTERN]
#
# REV is the baseline (a commit, tag or branch), compared with HEAD (HEAD_REV to compare another), each checked out
# once in a temporary worktree that shares this checkout's node_modules (the two must have the same dependencies). BENCH is the bench's file under bench/
# (e.g. ingestion/ingestion.bench.ts); its sizes come from the environment (BENCH_MESSAGES=2000 ...), the same for
# both. Each round runs the baseline and the working tree, in turns (the first of a round alternates). PATTERN (an
# extended regular expression) selects the result lines printed per run; the full outputs stay in the folder printed
# at the end. BUILD=1 builds both trees first (`npm run build`), which the web bench needs. ANY_LOCKFILE=1 runs even
# when the dependencies differ (this checkout's node_modules serves both: only where the bench loads none of the
# packages that differ).
set -euo pipefail
cd "$(dirname "$0")/.."
here=$(pwd)
rev=${1:?baseline revision}
rounds=${2:?rounds}
bench=${3:?bench file under bench/}
pattern=${4:-.}

base_commit=$(git rev-parse --short "$rev")
head_commit=$(git rev-parse --short "${HEAD_REV:-HEAD}")
if [ "${ANY_LOCKFILE:-}" != 1 ] && ! git diff --quiet "$base_commit" "$head_commit" -- package.json package-lock.json; then
  echo "the dependencies differ between $base_commit and HEAD: compare versions with the same lockfile" >&2
  exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/teaminbox-side-by-side-XXXXXX")
base="$work/base"
head="$work/head"
cleanup() {
  git -C "$here" worktree remove --force "$base" >/dev/null 2>&1 || true
  git -C "$here" worktree remove --force "$head" >/dev/null 2>&1 || true
}
trap cleanup EXIT

# A worktree of a commit whose node_modules shares every package but the workspace's own (@teaminbox/*).
checkout() {
  local tree=$1 commit=$2
  git worktree add --detach --quiet "$tree" "$commit"
  mkdir "$tree/node_modules"
  for entry in "$here"/node_modules/* "$here"/node_modules/.bin; do
    name=$(basename "$entry")
    [ "$name" = "@teaminbox" ] || ln -s "$entry" "$tree/node_modules/$name"
  done
  cp -P -r "$here/node_modules/@teaminbox" "$tree/node_modules/@teaminbox"
  (cd "$tree" && node_modules/.bin/tsc -p libs/contracts/tsconfig.lib.json)
}
checkout "$base" "$base_commit"
checkout "$head" "$head_commit"
if [ "${BUILD:-}" = 1 ]; then
  for tree in "$base" "$head"; do
    (cd "$tree" && NX_DAEMON=false NX_NO_CLOUD=true npm run build >"$tree.build.txt" 2>&1) ||
      { echo "the build of $tree failed: see $tree.build.txt" >&2; exit 1; }
  done
fi

run() {
  local tree=$1 label=$2 round=$3
  local out="$work/$label-$round.txt"
  local code=0
  (cd "$tree" && node --max-semi-space-size=64 -r ./apps/api/test/support/swc-register.js "bench/$bench") >"$out" 2>&1 ||
    code=$?
  grep -E "$pattern" "$out" | sed "s/^/$label #$round: /"
  # A bench exits non-zero when it misses a target, as well as when it fails: its output tells which.
  if [ "$code" -ne 0 ]; then echo "$label #$round: exited with $code (see $out)"; fi
}

echo "baseline $base_commit against $head_commit; $rounds rounds of $bench"
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then
    run "$base" base "$round"
    run "$head" head "$round"
  else
    run "$head" head "$round"
    run "$base" base "$round"
  fi
done
echo "outputs: $work"
trap - EXIT
cleanup
