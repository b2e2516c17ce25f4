#!/usr/bin/env bash
# The language server against pytest-lsp (PyPI) replaying the capabilities of Neovim, VS Code and Emacs.
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 -c 'import pytest_lsp' 2>/dev/null || python3 -m pip install --quiet pytest-lsp
swift build --product customer-center >/dev/null
CC_BIN="$PWD/.build/debug/customer-center" timeout 600 python3 -m pytest -q -c Scripts/ci/lsp/pytest.ini Scripts/ci/lsp/test_server.py -p no:cacheprovider
