"""The Group Creation Chart (Figure 1), decoded from the flattened text the rulebook prints.

The source prints the table as one run of tokens: "Die Result Girls per group 1 3 3 2 2 2 2 2 3
3 3 2 2 1 ...". Read in rows of seven (the die result, then the six groups) it decodes exactly:
every row is the next die result followed by six groups of 14 girls in all, and row 3 is the
text's own example ("four groups of three each, and two groups of one each"). Results 5 and 6
are not printed (BIN-G1); what a 5 or a 6 does is the `chart_five` / `chart_six` setting.
"""

from __future__ import annotations

PRINTED = ("Die Result Girls per group 1 3 3 2 2 2 2 2 3 3 3 2 2 1 3 3 3 3 3 1 1 4 4 3 3 2 1 1")
GIRLS = 14
GROUPS = 6


class ChartError(ValueError):
    pass


def decode(text: str = PRINTED) -> dict[int, tuple[int, ...]]:
    """{die result: six group sizes} from the flattened chart; raises ChartError if the text does
    not decode into rows of a die result and six groups of GIRLS girls."""
    head = "Die Result Girls per group"
    if not text.startswith(head):
        raise ChartError("the chart must start with its printed header")
    tokens = text[len(head):].split()
    if len(tokens) % (GROUPS + 1):
        raise ChartError(f"{len(tokens)} numbers do not make rows of {GROUPS + 1}")
    rows: dict[int, tuple[int, ...]] = {}
    for i in range(0, len(tokens), GROUPS + 1):
        die = int(tokens[i])
        groups = tuple(int(t) for t in tokens[i + 1:i + GROUPS + 1])
        if die != len(rows) + 1:
            raise ChartError(f"row {len(rows) + 1} starts with {die}")
        if sum(groups) != GIRLS or min(groups) < 1:
            raise ChartError(f"row {die} places {sum(groups)} girls, not {GIRLS}")
        rows[die] = groups
    return rows


CHART: dict[int, tuple[int, ...]] = decode()


def row_for(die: int, five: int = 0, six: int = 0) -> tuple[int, ...] | None:
    """The groups for a die result; None means "roll again" (a 5 or 6 with its setting 0)."""
    if die in CHART:
        return CHART[die]
    target = {5: five, 6: six}.get(die)
    if target is None:
        raise ChartError(f"a die shows 1 to 6, not {die}")
    return CHART[target] if target else None
