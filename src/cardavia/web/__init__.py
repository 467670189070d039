"""``cardavia serve``: play any of the seven games against the AI in a browser.

A Starlette app (extra ``[web]``) with a static page (HTML, CSS and vanilla
JavaScript shipped in this package, no build step) that draws every table
from the player's observation and offers only the legal moves.  See
``cardavia.web.app`` for the routes.
"""
from __future__ import annotations

from cardavia.web.app import create_app

__all__ = ["create_app"]
