"""Play in the terminal (extra ``[play]``): a table drawn as text from one
seat's observation (``render``) and the game loop against AI opponents
(``Session``), behind ``cardavia play GAME``."""
from __future__ import annotations

from cardavia.play.render import render, render_text
from cardavia.play.session import Session

__all__ = ["Session", "render", "render_text"]
