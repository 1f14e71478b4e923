#!/usr/bin/env bash
# Installs what the test suite needs from Debian's packages when it is missing:
# Chromium for the browser tests and Dovecot as the real IMAP server.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v dovecot >/dev/null 2>&1 || missing+=(dovecot-imapd)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing test dependencies: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
