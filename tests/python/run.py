# SPDX-License-Identifier: MIT
"""Runs tests/python with pytest for meson test: skipped (77) when pytest
is not installed, except under CI (CI=true), where a missing tool fails."""
import os
import sys

try:
    import pytest
except ImportError:
    if os.environ.get("CI") == "true":
        print("python3-pytest is not installed (tools/packages-test.txt)",
              file=sys.stderr)
        sys.exit(1)
    print("pytest not installed: skipped "
          "(tools/setup tools/packages-test.txt installs it)")
    sys.exit(77)

here = os.path.dirname(os.path.abspath(__file__))
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", "-rs",
                      *sys.argv[1:], here]))
