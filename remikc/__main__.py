"""`python -m remikc`."""

import sys

from .cli import main

sys.exit(main())
