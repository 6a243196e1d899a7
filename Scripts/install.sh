#!/bin/sh
# Puts `kith` on the PATH from this clone, with its man page:
#   Scripts/install.sh [PREFIX]        (default: $PREFIX, else ~/.local)
# installs PREFIX/bin/kith, its companion PREFIX/bin/kith-net (`kith sync` and `kith serve`
# run in it) and PREFIX/share/man/man1/kith.1. The man page is generated
# from the same help text as `kith --help`, by swift-argument-parser's generate-manual
# (the tool behind its GenerateManual plugin). KITH_CONFIGURATION=debug builds faster.
set -eu
cd "$(dirname "$0")/.."
prefix=${1:-${PREFIX:-$HOME/.local}}
configuration=${KITH_CONFIGURATION:-release}

swift build -c "$configuration" --product kith
swift build -c "$configuration" --product kith-net
swift build -c "$configuration" --product generate-manual
bin=$(swift build -c "$configuration" --show-bin-path)
mkdir -p .build/man
"$bin/generate-manual" "$bin/kith" --output-directory .build/man

install -d "$prefix/bin" "$prefix/share/man/man1"
install -m 755 "$bin/kith" "$prefix/bin/kith"
install -m 755 "$bin/kith-net" "$prefix/bin/kith-net"
install -m 644 .build/man/kith.1 "$prefix/share/man/man1/kith.1"
echo "Installed $prefix/bin/kith, $prefix/bin/kith-net and $prefix/share/man/man1/kith.1"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "Add $prefix/bin to your PATH, e.g. in ~/.profile: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
