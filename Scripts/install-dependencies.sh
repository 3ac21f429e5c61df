#!/usr/bin/env bash
# Installs what the toolkit needs beyond Swift itself: GNU GSL, FFTW 3, pkg-config and, on Linux, OpenSSL's
# libcrypto (SHA-256 for report seals; macOS uses CommonCrypto). Does nothing when all are already present. Uses Homebrew on macOS (Apple Silicon /opt/homebrew or Intel /usr/local), apt-get on
# Debian/Ubuntu (with sudo when not root); otherwise says in one line what to install.
set -euo pipefail
for prefix in /opt/homebrew /usr/local; do
  if [ -x "$prefix/bin/brew" ]; then export PATH="$prefix/bin:$PATH"; fi
done
needed="gsl fftw3"
[ "$(uname -s)" = Darwin ] || needed="$needed libcrypto"
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists $needed; then
  exit 0
fi
if [ "$(uname -s)" = Darwin ]; then
  if ! command -v brew >/dev/null 2>&1; then
    echo "error: GSL or FFTW not found; install Homebrew (https://brew.sh), then run: brew install gsl fftw pkg-config" >&2
    exit 1
  fi
  echo "installing gsl, fftw and pkg-config with Homebrew" >&2
  brew install gsl fftw pkg-config >/dev/null
  pkg-config --exists gsl fftw3 || { echo "error: GSL or FFTW still not visible to pkg-config after brew install" >&2; exit 1; }
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "error: GSL, FFTW or libcrypto not found and apt-get is unavailable; install GSL >= 2.6, FFTW 3, OpenSSL's libcrypto and pkg-config with your package manager" >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "installing libgsl-dev, libfftw3-dev, libssl-dev and pkg-config with apt-get" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends libgsl-dev libfftw3-dev libssl-dev pkg-config >/dev/null
pkg-config --exists $needed || { echo "error: GSL, FFTW or libcrypto still not visible to pkg-config after installing" >&2; exit 1; }
