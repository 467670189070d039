import sys

from cardavia.cli import main

sys.exit(main())
