#!/usr/bin/env bash
# Installs the downloader's engines (ffmpeg, yt-dlp) and an init process from Debian's packages.
# The container image (Dockerfile) and CI (.ci/run) both call this, so CI proves the image's steps.
#
#   scripts/install-engines.sh [extra Debian packages…]
#
# YTDLP_RELEASE=2026.11.20 (or "latest") also puts yt-dlp's own release build in
# /usr/local/bin/yt-dlp: Debian's package lags behind the sites it extracts from (docs/downloader.md).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

apt-get update -qq
apt-get install -y -qq --no-install-recommends ffmpeg yt-dlp tini ca-certificates "$@" >/dev/null

if [ -n "${YTDLP_RELEASE:-}" ]; then
  apt-get install -y -qq --no-install-recommends curl >/dev/null
  if [ "$YTDLP_RELEASE" = latest ]; then
    url=https://github.com/yt-dlp/yt-dlp/releases/latest/download/yt-dlp
  else
    url="https://github.com/yt-dlp/yt-dlp/releases/download/$YTDLP_RELEASE/yt-dlp"
  fi
  curl -fsSL "$url" -o /usr/local/bin/yt-dlp
  chmod 0755 /usr/local/bin/yt-dlp
fi

ffmpeg -version | head -n 1
echo "yt-dlp $(yt-dlp --version)"
