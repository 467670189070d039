"""Analysis over the games' compiled cores: what the games and the AI both
use (DESIGN.md).  ``par``: the double-dummy par of a bridge deal."""
