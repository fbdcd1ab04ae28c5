import pytest

from companion.core.graph import Graph

# A small plan: 1-2-3-4 in a line, and 1-5-4 as a second route of the same length as 1-2-3-4? No:
# 1-5-4 is shorter (2 steps) so the Babysitter must take it.
G = Graph.build(["1", "2", "3", "4", "5", "6"], [("1", "2"), ("2", "3"), ("3", "4"), ("1", "5"), ("5", "4")])


def test_shortest_path_prefers_fewer_passages() -> None:
    assert G.path("1", "4") == ("1", "5", "4")
    assert G.distances("1")["4"] == 2


def test_ties_follow_board_order() -> None:
    square = Graph.build(["a", "b", "c", "d"], [("a", "c"), ("a", "b"), ("b", "d"), ("c", "d")])
    assert square.path("a", "d") == ("a", "b", "d")


def test_unreachable_zone_has_no_path() -> None:
    assert G.path("1", "6") is None
    assert "6" not in G.reachable("1")
    assert G.path("3", "3") == ("3",)


def test_closing_a_zone_and_adding_a_passage() -> None:
    closed = G.with_edges(without=["5"])
    assert closed.path("1", "4") == ("1", "2", "3", "4")
    assert closed.neighbours("5") == ()
    opened = G.with_edges(extra=[("6", "2")])
    assert opened.adjacent("2", "6") and opened.adjacent("6", "2")


def test_unknown_zone_in_passage() -> None:
    with pytest.raises(KeyError):
        Graph.build(["1"], [("1", "9")])
