#!/usr/bin/env bash
# Installs what the toolkit needs beyond Swift itself: GNU GSL (libgsl-dev) and pkg-config.
# Does nothing when both are already present. Uses apt-get (Debian/Ubuntu), with sudo when not root.
set -euo pipefail
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists gsl; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "error: GSL not found and apt-get is unavailable; install GSL >= 2.6 and pkg-config yourself" >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "installing libgsl-dev and pkg-config with apt-get" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends libgsl-dev pkg-config >/dev/null
pkg-config --exists gsl || { echo "error: GSL still not visible to pkg-config after installing" >&2; exit 1; }
