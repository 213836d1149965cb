"""``python -m chainplus``: the command-line tools (see chainplus.cli)."""

import sys

from .cli import main

sys.exit(main())
