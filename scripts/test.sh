#!/usr/bin/env bash
# `npm test`: install what the tests need, build dist/, run every test under tests/ (one pytest run).
#   - Debian's chromium when it is missing (apt-get, as root), else Playwright's own browser download;
#   - a Python virtual environment .venv with requirements-dev.txt, plus real torch 2.13.0 if it installs;
#   - Debian's clang and lld when missing (apt-get, as root): the build compiles the browser's
#     compute kernels (kernels/kernels.c) to WebAssembly, and the Pyodide tests run with them;
#     and clang-16 with lld-16 when no clang is 16 or later (the relaxed-SIMD build, scripts/kernels.mjs);
#   - the npm packages, then the build.
# Extra arguments go to pytest instead of the full run, e.g. `npm test -- tests/ui -k stop`.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '\n== %s\n' "$*"; }

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  say "creating the Python virtual environment .venv"
  "$PYTHON" -m venv .venv
fi
say "installing Python test tools"
.venv/bin/python -m pip install --quiet -r requirements-dev.txt
if ! .venv/bin/python -c "import torch" 2>/dev/null; then
  say "installing real PyTorch 2.13.0 (the oracle; optional)"
  .venv/bin/python -m pip install --quiet torch==2.13.0 \
    || echo "WARNING: torch==2.13.0 could not be installed; tests that compare with real PyTorch will be skipped."
fi

if [ -z "${CHROMIUM:-}" ] && ! command -v chromium >/dev/null; then
  say "installing a browser for the UI tests"
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null \
      && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; then
    echo "installed Debian's chromium"
  elif .venv/bin/python -m playwright install chromium; then
    echo "installed Playwright's chromium"
  else
    echo "ERROR: no browser for the UI tests. Install Chromium (Debian: apt-get install chromium)," >&2
    echo "or set CHROMIUM=/path/to/chromium, or let 'python -m playwright install chromium' download one." >&2
    exit 1
  fi
fi

if ! command -v clang >/dev/null || ! command -v wasm-ld >/dev/null; then
  say "installing clang and lld (they compile the compute kernels to WebAssembly)"
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null \
      && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang lld >/dev/null; then
    echo "installed Debian's clang and lld"
  else
    echo "ERROR: the compute kernels need clang and lld with the wasm32 target (Debian: apt-get install clang lld)." >&2
    exit 1
  fi
fi

clang_major() { "$1" --version 2>/dev/null | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -n 1; }
relaxed_clang=""
for name in clang clang-21 clang-20 clang-19 clang-18 clang-17 clang-16; do
  if [ "$(clang_major "$name")" -ge 16 ] 2>/dev/null; then relaxed_clang=$name; break; fi
done
if [ -z "$relaxed_clang" ]; then
  say "installing clang-16 and lld-16 (the relaxed-SIMD build of the compute kernels)"
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null \
      && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang-16 lld-16 >/dev/null; then
    echo "installed Debian's clang-16 and lld-16"
  else
    echo "ERROR: the relaxed-SIMD kernels need clang 16 or later with lld (Debian: apt-get install clang-16 lld-16)." >&2
    exit 1
  fi
fi

say "installing npm packages"
if [ -f node_modules/.package-lock.json ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then
  echo "up to date"
else
  npm ci --no-audit --no-fund
fi
say "building dist/"
node scripts/build.mjs

say "running the tests"
if [ $# -gt 0 ]; then
  exec .venv/bin/python -m pytest "$@"
fi
# Everything once (the in-process engine tests on the default backend, numpy), then the
# in-process engine tests again on the pure-Python backend that the browser uses.
status=0
.venv/bin/python -m pytest tests || status=$?
say "engine tests on the pure-Python array backend"
PYENGINE_BACKEND=python .venv/bin/python -m pytest tests/engine tests/test_tensor_str.py tests/test_random_parity.py || status=$?
exit $status
