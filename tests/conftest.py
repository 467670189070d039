"""Test-wide settings: the hypothesis profiles.

``ci`` (the default) keeps the property tests inside CI's budget; run the
long fuzz on demand with ``pytest tests/test_fuzz.py --hypothesis-profile=long``.
"""
from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("long", max_examples=1000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile("ci")
