"""``python -m tutorial.cli``: the ``cinch`` command."""

import sys

from tutorial.cli import main

sys.exit(main())
