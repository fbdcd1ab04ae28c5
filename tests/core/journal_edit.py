"""Hand edits of a journal that keep its CRCs right: the way to test the checks behind the CRCs."""

from __future__ import annotations

import sqlite3

from companion.core.journal_base import game_crc, row_crc


def edit(db: sqlite3.Connection, sql: str, params: tuple[object, ...] = ()) -> None:
    """Run an UPDATE/DELETE on the journal, then give every row the CRC of its new content."""
    db.execute(sql, params)
    rows = db.execute("SELECT game_id, seq, input, label, undone, ts FROM inputs").fetchall()
    db.executemany("UPDATE inputs SET crc = ? WHERE game_id = ? AND seq = ?",
                   [(row_crc(*r), r[0], r[1]) for r in rows])
    games = db.execute("SELECT id, code, options, seed, created, finished, changes, copy_crc, input_rows "
                       "FROM games").fetchall()
    db.executemany("UPDATE games SET crc = ? WHERE id = ?", [(game_crc(*g), g[0]) for g in games])
