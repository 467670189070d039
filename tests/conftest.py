"""Test-wide settings: the hypothesis profiles, and no background solves.

``ci`` (the default) keeps the property tests inside CI's budget; run the
long fuzz on demand with ``pytest tests/test_fuzz.py --hypothesis-profile=long``.
"""
import pytest
from hypothesis import HealthCheck, settings

from cardavia.ai import cfr

settings.register_profile("ci", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("long", max_examples=1000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _no_background_solves(monkeypatch):
    """The duel's hard level (``cfr:wait=0``) solves a deal not yet solved on a
    background thread (a 20-chip deal: a minute of a core and 100 MB); tests
    play its stand-in instead.  tests/test_duel_cfr.py restores the real one."""
    monkeypatch.setattr(cfr, "solve_later", lambda *args, **kwargs: None)
