from cards_qr.codes import parse_code
from companion.scan.catalogue import CardScanned
from companion.scan.decoder import DecodeResult
from companion.scan.presence import Presence
from companion.scan.session import OtherGameShown, ScanSession

A, B = parse_code("BGM:SRCH:07"), parse_code("BGM:DARK:01")
FPS = 30.0


def run(p: Presence, frames: list[set]) -> list[list]:
    return [p.update(f, now=i / FPS) for i, f in enumerate(frames)]


def test_two_seconds_in_view_is_one_scan() -> None:
    out = run(Presence(), [{A}] * 60)
    assert sum(len(x) for x in out) == 1 and out[0] == [A]


def test_missed_frames_while_in_view_are_not_a_new_scan() -> None:
    # Every third frame unread (blur, a finger): still one showing.
    frames = [set() if i % 3 == 2 else {A} for i in range(90)]
    frames[40:45] = [set()] * 5  # a 5-frame (0.17 s) dropout
    assert sum(len(x) for x in run(Presence(), frames)) == 1


def test_shown_again_after_leaving_is_a_new_scan() -> None:
    frames = [{A}] * 30 + [set()] * 30 + [{A}] * 30
    out = run(Presence(), frames)
    assert [i for i, x in enumerate(out) if x] == [0, 60]


def test_absence_needs_both_time_and_frames() -> None:
    p = Presence(absent_s=0.8, absent_frames=3)
    assert p.update({A}, now=0.0) == [A]
    assert p.update(set(), now=5.0) == []  # one long-gap frame: not gone yet (only 1 frame)
    assert p.update({A}, now=5.1) == []
    for k in range(10):  # many frames but within 0.8 s: not gone
        p.update(set(), now=5.1 + 0.01 * k)
    assert p.update({A}, now=5.3) == []


def test_two_cards_at_once_are_two_scans() -> None:
    out = run(Presence(), [{A, B}] * 20 + [{B}] * 40 + [{A, B}] * 10)
    flat = [c for x in out for c in x]
    assert sorted(flat[:2]) == sorted([A, B]) and flat[2:] == [A] and len(flat) == 3


def test_injected_clock() -> None:
    now = [0.0]
    p = Presence(clock=lambda: now[0])
    assert p.update({A}) == [A]
    for _ in range(5):
        now[0] += 0.5
        p.update(set())
    assert p.update({A}) == [A]


def test_session_turns_results_into_events(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    s = ScanSession.for_game("BGM")
    sol = parse_code("SOL:EXIT:03")
    events = s.feed(DecodeResult((A,), (sol,)), now=0.0)
    assert CardScanned(A, None) in events
    other = [e for e in events if isinstance(e, OtherGameShown)]
    assert len(other) == 1 and "Stuff of Legend" in other[0].message
    assert s.feed(DecodeResult((A,), (sol,)), now=0.1) == []
