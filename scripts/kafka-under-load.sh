#!/usr/bin/env bash
# Runs the Kafka suite (test/kafka, the end-to-end tests against librdkafka's mock cluster among
# them) again and again on a loaded machine: one busy loop per core beside it takes the CPU the
# suite would otherwise have to itself. Prints a line per run (result, seconds, load average) and
# exits 1 if any run failed. Each run's output is kept in .tmp/kafka-under-load/run<N>.log. It
# runs under the Node.js on PATH; @platformatic/kafka's tests need 22.22 or later and are skipped
# under older ones.
#
#   scripts/kafka-under-load.sh [runs=20] [busy loops=1]
set -u
cd "$(dirname "$0")/.."
runs=${1:-20}
loops=${2:-1}
out=.tmp/kafka-under-load
rm -rf "$out" && mkdir -p "$out"
pids=()
for _ in $(seq 1 "$loops"); do
  node -e 'for (;;) {}' &
  pids+=($!)
done
trap 'kill "${pids[@]}" 2>/dev/null' EXIT
failed=0
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  if VUC_TYPECHECK=off npx vitest run test/kafka > "$out/run$i.log" 2>&1; then result=passed; else
    result=FAILED
    failed=$((failed + 1))
  fi
  echo "run $i: $result in $(($(date +%s) - start)) s, load average $(cut -d' ' -f1-3 /proc/loadavg)"
done
echo "$((runs - failed)) of $runs runs passed"
[ "$failed" -eq 0 ]
