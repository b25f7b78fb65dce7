"""``python -m preferans`` is the ``preferans`` command."""

import sys

from preferans.cli import main

sys.exit(main())
