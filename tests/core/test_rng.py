from hypothesis import given, strategies as st

from companion.core.rng import Rng


def test_same_seed_same_sequence() -> None:
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    seq_a, seq_b = [], []
    for _ in range(100):
        x, a = a.die()
        y, b = b.die()
        seq_a.append(x)
        seq_b.append(y)
    assert seq_a == seq_b
    assert set(seq_a) == {1, 2, 3, 4, 5, 6}


def test_known_values_are_stable_across_platforms() -> None:
    # splitmix64 reference output for seed 0 (first value is 0xE220A8397B1DCDAF).
    v, _ = Rng.from_seed(0).next_u64()
    assert v == 0xE220A8397B1DCDAF


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_below_in_range(seed: int, n: int) -> None:
    v, _ = Rng.from_seed(seed).below(n)
    assert 0 <= v < n


@given(st.integers(min_value=0, max_value=2**64 - 1), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    out, _ = Rng.from_seed(seed).shuffled(items)
    assert sorted(out) == sorted(items)


def test_below_rejects_empty_range() -> None:
    import pytest

    with pytest.raises(ValueError):
        Rng.from_seed(1).below(0)
