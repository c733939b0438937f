#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/Targets and runs them (`make fuzz`; `make test` runs
# each for a few seconds).
#
#   scripts/fuzz.sh build [TARGET...]          build the fuzzers (all when none is named)
#   scripts/fuzz.sh run [TARGET...]            build, then run each for FUZZ_SECONDS (default 60)
#   scripts/fuzz.sh repro TARGET FILE...       run a fuzzer once on saved inputs (a crash, say)
#   scripts/fuzz.sh list                       the targets
#
# A target is one file, Fuzz/Targets/NAME.swift, that defines LLVMFuzzerTestOneInput; its
# seeds are Fuzz/corpus/NAME/ and the folders its `// seeds: DIR` lines name (the unit
# tests' fixtures, read where they are), its dictionary Fuzz/dictionaries/NAME.dict if there
# is one, and lines `// libFuzzer: -flag=value` in it are options for its runs. Lines
# `// with: FILE` name helper files compiled with it (Fuzz/Support/).
#
# No SwiftPM: swiftc compiles only the modules a target imports, each one whole (-wmo) and
# with -sanitize=fuzzer,address, so that libFuzzer sees their coverage and ASan their memory.
# Modules are found by their imports: Sources/NAME with Swift files is compiled, with a
# module.modulemap it is a C library (include path and pkg-config flags from Package.swift).
# A target that reaches a module in NOT_FUZZED fails to build: NewsCore would bring GRDB,
# TOMLKit and SQLite into the sanitizer build. The renderer, terminal input and the feed
# readers depend on none of them (Package.swift keeps it so).
#
# Environment: FUZZ_BUILD (build and work directory, default .build-fuzz), FUZZ_SECONDS,
# FUZZ_TIMEOUT (seconds one input may take, default 20), FUZZ_SEED (libFuzzer's random
# seed), FUZZ_FROM_SEEDS (non-empty: start from the committed seeds alone), SWIFTC,
# FUZZ_OPTIMIZE (default -O). `make test` sets FUZZ_SEED and FUZZ_FROM_SEEDS, so that its
# short run tries the same inputs every time and takes the same time.
# A run keeps what it learns in FUZZ_BUILD/corpus/NAME and writes a crashing input to
# FUZZ_BUILD/crashes/; it exits non-zero when any target crashes, runs out of memory, times
# out or fails to build.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=${FUZZ_BUILD:-.build-fuzz}
mkdir -p "$build"
build=$(cd "$build" && pwd)
swiftc=${SWIFTC:-swiftc}
seconds=${FUZZ_SECONDS:-60}
timeout=${FUZZ_TIMEOUT:-20}
NOT_FUZZED=" NewsCore BrowseApp wpnews GRDB TOMLKit "
flags=(-sanitize=fuzzer,address "${FUZZ_OPTIMIZE:--O}" -g -swift-version 6 -parse-as-library -package-name wpnews)
# lld, which the toolchain ships: gold warns about every ASan helper symbol.
link_flags=(-use-ld=lld)

die() { echo "fuzz: $*" >&2; exit 1; }

targets() { # the named targets, else all
  if [ $# -gt 0 ]; then
    for name in "$@"; do [ -f "Fuzz/Targets/$name.swift" ] || die "no target $name (Fuzz/Targets/$name.swift)"; done
    printf '%s\n' "$@"
  else
    for file in Fuzz/Targets/*.swift; do basename "$file" .swift; done
  fi
}

imports() { # FILE...: the modules they import
  sed -nE 's/^[[:space:]]*((@[A-Za-z_]+(\([^)]*\))?|public|package|internal|fileprivate|private)[[:space:]]+)*import[[:space:]]+((struct|class|enum|protocol|func|var|let|typealias)[[:space:]]+)?([A-Za-z0-9_]+).*/\6/p' "$@" | sort -u
}

# Modules compiled in this run (name -> stamp), the C modules' compiler flags, and the
# modules the target being built needs, in link order.
declare -A stamps=()
clang_flags=()
needed=()

module() { # NAME: compiles Sources/NAME unless its stamp says it is current
  local name=$1 dir=Sources/$1
  [[ " ${needed[*]} " == *" $name "* ]] && return
  [[ "$NOT_FUZZED" == *" $name "* ]] && die "$name is not built for fuzzing, but a fuzz target reaches it"
  if [ -f "$dir/module.modulemap" ]; then
    needed+=("$name")
    clang_flags+=(-I "$root/$dir")
    # The system library's pkgConfig in Package.swift, if it names one.
    local package
    package=$(grep -A3 "name: \"$name\"" Package.swift | sed -nE 's/.*pkgConfig: "([^"]+)".*/\1/p' | head -1)
    if [ -n "$package" ]; then
      local flag
      for flag in $(pkg-config --cflags "$package"); do clang_flags+=(-Xcc "$flag"); done
    fi
    return
  fi
  local files=() file dependency
  while IFS= read -r file; do files+=("$file"); done < <(find "$dir" -name '*.swift' | sort)
  [ ${#files[@]} -gt 0 ] || die "module $name has no Swift files"
  for dependency in $(imports "${files[@]}"); do
    [ -d "Sources/$dependency" ] && module "$dependency"
  done
  needed+=("$name")
  [ -n "${stamps[$name]:-}" ] && return
  # Rebuilt when a file, the flags, the compiler or a module it imports changed.
  local stamp
  stamp=$({ "$swiftc" --version 2>&1; echo "${flags[*]}"; printf '%s\n' "${files[@]}"; cat "${files[@]}"
            for dependency in $(imports "${files[@]}"); do echo "${stamps[$dependency]:-}"; done; } | sha256sum | cut -c1-16)
  stamps[$name]=$stamp
  if [ "$(cat "$build/modules/$name.stamp" 2>/dev/null)" = "$stamp" ] && [ -f "$build/modules/$name.o" ]; then return; fi
  echo "fuzz: compiling $name (${#files[@]} files)" >&2
  mkdir -p "$build/modules"
  rm -f "$build/modules/$name.stamp"
  "$swiftc" "${flags[@]}" -enable-testing -wmo -c -module-name "$name" \
    -emit-module -emit-module-path "$build/modules/$name.swiftmodule" \
    -I "$build/modules" "${clang_flags[@]}" "${files[@]}" -o "$build/modules/$name.o"
  echo "$stamp" > "$build/modules/$name.stamp"
}

build_target() { # NAME: links Fuzz/Targets/NAME.swift, the files its `// with: FILE` lines name, and the modules they need
  local name=$1 source=Fuzz/Targets/$1.swift
  local sources=("$source" $(sed -nE 's#^// with: (.*)#\1#p' "$source"))
  needed=()
  clang_flags=()
  local dependency
  for dependency in $(imports "${sources[@]}"); do
    [ -d "Sources/$dependency" ] && module "$dependency"
  done
  local objects=() libraries=() module
  for module in "${needed[@]}"; do
    if [ -f "Sources/$module/module.modulemap" ]; then
      libraries+=($(sed -nE 's/.*link "([^"]+)".*/-l\1/p' "Sources/$module/module.modulemap"))
    else
      objects+=("$build/modules/$module.o")
    fi
  done
  local stamp
  stamp=$({ echo "${flags[*]} ${link_flags[*]}"; cat "${sources[@]}"; for module in "${needed[@]}"; do echo "${stamps[$module]:-}"; done; } | sha256sum | cut -c1-16)
  if [ "$(cat "$build/bin/$name.stamp" 2>/dev/null)" = "$stamp" ] && [ -x "$build/bin/$name" ]; then return; fi
  echo "fuzz: linking $name" >&2
  mkdir -p "$build/bin"
  rm -f "$build/bin/$name.stamp"
  "$swiftc" "${flags[@]}" "${link_flags[@]}" -module-name "$(echo "$name" | tr -c 'A-Za-z0-9\n' _)Fuzzer" -I "$build/modules" "${clang_flags[@]}" \
    "${sources[@]}" "${objects[@]}" "${libraries[@]}" -o "$build/bin/$name"
  echo "$stamp" > "$build/bin/$name.stamp"
}

options() { # NAME: libFuzzer's options for a run of the target
  local name=$1
  echo "-timeout=$timeout -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix=$build/crashes/$name-"
  [ -n "${FUZZ_SEED:-}" ] && echo "-seed=$FUZZ_SEED"
  [ -f "Fuzz/dictionaries/$name.dict" ] && echo "-dict=$root/Fuzz/dictionaries/$name.dict"
  sed -nE 's#^// libFuzzer: (.*)#\1#p' "Fuzz/Targets/$name.swift"
}

# ASan's leak check at exit would report the Swift runtime's own allocations, which live for
# the life of the process; libFuzzer still reports memory that grows without bound (-rss_limit_mb).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:symbolize=1}
# Swift's own crash backtracer reads the stack in a way ASan reports as an error of its own,
# hiding the real one; libFuzzer prints the stack instead.
export SWIFT_BACKTRACE=enable=no

run_target() { # NAME: fuzzes for $seconds; non-zero when it finds something
  local name=$1 log=$build/logs/$1.log
  mkdir -p "$build/corpus/$name" "$build/crashes" "$build/logs"
  local seeds=() work=$build/corpus/$name
  [ -d "Fuzz/corpus/$name" ] && seeds+=("$root/Fuzz/corpus/$name")
  local folder
  for folder in $(sed -nE 's#^// seeds: (.*)#\1#p' "Fuzz/Targets/$name.swift"); do seeds+=("$root/$folder"); done
  if [ -n "${FUZZ_FROM_SEEDS:-}" ]; then
    work=$build/corpus/$name.from-seeds
    rm -rf "$work"
    mkdir -p "$work"
  fi
  # New inputs go to the first directory, in the build directory: the seeds stay as committed.
  if "$build/bin/$name" $(options "$name") -max_total_time="$seconds" "$work" "${seeds[@]}" > "$log" 2>&1; then
    echo "fuzz: $name: $(grep -oE 'stat::number_of_executed_units: [0-9]+' "$log" | grep -oE '[0-9]+') inputs in ${seconds}s, no crash ($(grep -E '^#[0-9]+' "$log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+' || true); corpus $(ls "$work" | wc -l))"
  else
    echo "fuzz: $name FAILED ($log):" >&2
    # What went wrong (a failed check's message, ASan's report), then where.
    grep -aE 'Fatal error|ERROR: |SUMMARY: ' "$log" | head -5 >&2
    grep -aE '^ +#[0-9]+ ' "$log" | grep -v -e '/compiler-rt/' -e 'libc\.so' -e 'libswiftCore' | head -15 >&2
    local crash
    crash=$(sed -nE 's/.*Test unit written to (.*)/\1/p' "$log" | tail -1)
    [ -n "$crash" ] && echo "fuzz: the input: $crash; again with: scripts/fuzz.sh repro $name $crash" >&2
    return 1
  fi
}

command=${1:-run}
[ $# -gt 0 ] && shift
case $command in
  list) targets ;;
  build)
    names=$(targets "$@")
    for name in $names; do build_target "$name"; done ;;
  run)
    names=$(targets "$@")
    for name in $names; do build_target "$name"; done
    failed=()
    for name in $names; do run_target "$name" || failed+=("$name"); done
    [ ${#failed[@]} -eq 0 ] || die "${failed[*]} failed: fix the code, and keep the input as a regression test"
    ;;
  repro)
    [ $# -ge 2 ] || die "usage: scripts/fuzz.sh repro TARGET FILE..."
    name=$1; shift
    build_target "$name"
    "$build/bin/$name" $(options "$name") "$@" ;;
  *) die "unknown command $command (build, run, repro, list)" ;;
esac
