#!/usr/bin/env bash
# Builds one fuzz target with libFuzzer and AddressSanitizer and runs it for SECONDS on its
# seed corpus (Fuzz/corpus/TARGET; new inputs go to a scratch copy, not into git).
#   Fuzz/run.sh FuzzParser 60        Fuzz/run.sh FuzzCodable 60 -runs=10000000
set -euo pipefail
cd "$(dirname "$0")"
target=${1:?usage: run.sh TARGET SECONDS [libFuzzer options]}
seconds=${2:?usage: run.sh TARGET SECONDS [libFuzzer options]}
shift 2
# `--sanitize fuzzer` makes SwiftPM link libFuzzer's `main` (not the target's); the compiler
# flag after it names both sanitizers in one flag: SwiftPM's `--sanitize fuzzer --sanitize
# address` passes two `-sanitize=` flags and swiftc keeps only the last, which builds the code
# without coverage instrumentation (libFuzzer then finds "no interesting inputs"). The check
# below fails the run if that ever happens again.
# One build folder per set of compiler flags, used by nothing else: FuzzParser, FuzzCodable,
# FuzzSchema, FuzzPartial and FuzzPatch share `.build-fuzz` (the library is compiled once for
# the five), FuzzModels, whose flags differ, has `.build-FuzzModels`. SwiftPM's lock on a
# folder makes a second build in it wait, so campaigns of two targets can still run at once.
scratch=.build-fuzz
extra=()
if [ "$target" = FuzzModels ]; then
  scratch=.build-FuzzModels
  # The models use @JSONModel. Their macro plugin is built by the main package without
  # sanitizers and loaded by path; the models and the macro declarations are copied here,
  # and `Mapwright` is an alias of MapwrightEngine (a target importing Mapwright would
  # build the plugin with the fuzzer's flags, and the plugin then has two `main`s).
  swift build --package-path .. --target MapwrightMacros --enable-all-traits  # the traits CI's debug build has
  plugin=$(cd .. && swift build --show-bin-path)/MapwrightMacros-tool
  [ -x "$plugin" ] || { echo "run.sh: no macro plugin at $plugin" >&2; exit 1; }
  generated=Sources/FuzzModels/Generated
  rm -rf "$generated"
  mkdir -p "$generated"
  for file in ../Sources/Mapwright/Macros.swift ../Sources/mapwright-bench/Models/TwitterMacroModels.swift \
    ../Sources/mapwright-bench/Models/CitmMacroModels.swift; do
    { echo "// Copied from ${file#../} by Fuzz/run.sh; not in git."; echo "import Mapwright"; sed '/^import Mapwright$/d' "$file"; } \
      > "$generated/$(basename "$file")"
  done
  # `Mapwright` names MapwrightEngine here: the generated code qualifies what it uses with it.
  extra=(-Xswiftc -load-plugin-executable -Xswiftc "$plugin#MapwrightMacros" -Xswiftc -module-alias -Xswiftc Mapwright=MapwrightEngine)
fi
# FUZZ_CONFIGURATION=debug builds without optimisation, in a folder of its own: much less
# compiling for a run of seconds (CI's check that every target still builds and runs);
# campaigns want the default, release.
configuration=${FUZZ_CONFIGURATION:-release}
[ "$configuration" = release ] || scratch="$scratch-$configuration"
swift build -c "$configuration" --scratch-path "$scratch" --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address "${extra[@]}" --product "$target"
# The section list is read whole before it is searched: `objdump | grep -q` under pipefail
# fails at random when grep stops reading early and objdump dies of SIGPIPE.
sections=$(objdump -h "$scratch/$configuration/$target")
if ! grep -q __sancov_cntrs <<<"$sections"; then
  echo "run.sh: $target was built without coverage instrumentation" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R "corpus/$target/." "$work/"
export SWIFT_BACKTRACE=enable=no
run() {
  "$scratch/$configuration/$target" "$work" -dict=json.dict -max_total_time="$1" -timeout=1 -rss_limit_mb=4096 -print_final_stats=1 "${@:2}"
}
if [ "$target" = FuzzParser ]; then
  # The indexed parse's first stage once per kernel this processor runs (CMapwrightStage1.h;
  # MAPWRIGHT_JSON_KERNEL chooses it), the time shared among them.
  kernels=(portable)
  if [ "$(uname -m)" = x86_64 ]; then
    flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || true)
    [[ $flags == *" sse4_2"* ]] && kernels+=(sse42)
    [[ $flags == *" avx2"* && $flags == *" bmi2"* ]] && kernels+=(avx2)
    [[ $flags == *" avx512bw"* && $flags == *" avx512_vbmi2"* ]] && kernels+=(avx512)
  else
    kernels+=(neon)
  fi
  share=$(((seconds + ${#kernels[@]} - 1) / ${#kernels[@]}))
  for kernel in "${kernels[@]}"; do
    echo "run.sh: FuzzParser with the $kernel kernel for $share s"
    MAPWRIGHT_JSON_KERNEL=$kernel run "$share" "$@"
  done
else
  run "$seconds" "$@"
fi
