"""The explicit seeded generator (DESIGN.md "Chance")."""
from collections import Counter

from cardavia._core.rng import Random, derive_seed


def test_same_seed_same_stream_and_copy_is_independent():
    a, b = Random(42), Random(42)
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]
    c = a.copy()
    assert a.next_u64() == c.next_u64()
    st = a.getstate()
    x = a.next_u64()
    a.setstate(st)
    assert a.next_u64() == x


def test_known_stream_is_stable_across_machines():
    # xoshiro256** seeded by splitmix64(0): pinned so deals replay everywhere.
    assert Random(0).next_u64() == 11091344671253066420
    assert derive_seed(0, 1) != derive_seed(0, 2) != derive_seed(1, 1)


def test_randbelow_is_unbiased_enough():
    r = Random(7)
    counts = Counter(r.randbelow(6) for _ in range(60000))
    assert set(counts) == set(range(6))
    assert all(abs(v - 10000) < 500 for v in counts.values())


def test_shuffle_is_a_permutation():
    r = Random(3)
    out = r.shuffle_ids(range(54))
    assert sorted(out) == list(range(54)) and out != list(range(54))
