"""A tiny reader for the TOML subset hardware/pins.toml uses (MicroPython has no tomllib).

Supported: comments, [table] and [dotted.table] headers, `key = value` with value an integer,
true/false, a "string" (escapes \\ and \"), or a one-line [array] of those.
"""


class PinMapError(ValueError):
    pass


def _strip_comment(line: str) -> str:
    in_str = False
    escaped = False
    for i, ch in enumerate(line):
        if in_str:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch == "#":
            return line[:i]
    return line


def _value(text: str, where: str) -> object:
    text = text.strip()
    if text == "true":
        return True
    if text == "false":
        return False
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        body = text[1:-1]
        out = []
        i = 0
        while i < len(body):
            ch = body[i]
            if ch == "\\":
                if i + 1 >= len(body) or body[i + 1] not in '\\"':
                    raise PinMapError("%s: unsupported escape in %s" % (where, text))
                out.append(body[i + 1])
                i += 2
                continue
            if ch == '"':
                raise PinMapError("%s: stray quote in %s" % (where, text))
            out.append(ch)
            i += 1
        return "".join(out)
    if len(text) >= 2 and text[0] == "[" and text[-1] == "]":
        inner = text[1:-1].strip()
        if not inner:
            return []
        return [_value(part, where) for part in inner.split(",") if part.strip()]
    digits = text.replace("_", "")
    if digits[:1] in "+-":
        digits_only = digits[1:]
    else:
        digits_only = digits
    if digits_only and digits_only.isdigit():
        return int(digits)
    raise PinMapError("%s: cannot read value %s" % (where, text))


def parse(text: str, name: str = "pins.toml") -> dict:
    root = {}
    table = root
    for number, raw in enumerate(text.split("\n"), 1):
        where = "%s:%d" % (name, number)
        line = _strip_comment(raw).strip()
        if not line:
            continue
        if line[0] == "[":
            if line[-1] != "]" or line.startswith("[["):
                raise PinMapError("%s: bad table header %s" % (where, line))
            table = root
            for part in line[1:-1].split("."):
                part = part.strip()
                if not part:
                    raise PinMapError("%s: empty table name in %s" % (where, line))
                nxt = table.setdefault(part, {})
                if not isinstance(nxt, dict):
                    raise PinMapError("%s: %s is already a value" % (where, part))
                table = nxt
            continue
        eq = line.find("=")
        if eq <= 0:
            raise PinMapError("%s: expected key = value" % where)
        key = line[:eq].strip()
        if key in table:
            raise PinMapError("%s: duplicate key %s" % (where, key))
        table[key] = _value(line[eq + 1:], where)
    return root


def load(path: str) -> dict:
    with open(path) as f:
        return parse(f.read(), path)


def sensor_config(pins: dict) -> dict:
    """The [sensor_board] table checked, with defaults filled in."""
    board = pins.get("sensor_board")
    if not isinstance(board, dict):
        raise PinMapError("pins.toml: no [sensor_board] table")
    mode = board.get("mode", "shift")
    channels = board.get("channels")
    if not isinstance(channels, int) or not 1 <= channels <= 64:
        raise PinMapError("pins.toml: sensor_board.channels must be 1..64")
    cfg = {
        "mode": mode,
        "channels": channels,
        "debounce_ms": board.get("debounce_ms", 30),
        "heartbeat_ms": board.get("heartbeat_ms", 1000),
        "active_low": board.get("active_low", True),
        "firmware_version": board.get("firmware_version", "1.0.0"),
        "leds": board.get("leds", {"count": 0}),
    }
    if mode == "shift":
        shift = board.get("shift", {})
        for key in ("load_pin", "clock_pin", "data_pin", "chips"):
            if not isinstance(shift.get(key), int):
                raise PinMapError("pins.toml: sensor_board.shift.%s missing" % key)
        if shift["chips"] * 8 < channels:
            raise PinMapError("pins.toml: %d chips carry only %d channels, need %d"
                              % (shift["chips"], shift["chips"] * 8, channels))
        cfg["shift"] = shift
    elif mode == "direct":
        pins_list = board.get("direct", {}).get("pins", [])
        if len(pins_list) < channels:
            raise PinMapError("pins.toml: direct mode lists %d pins for %d channels"
                              % (len(pins_list), channels))
        cfg["pins"] = pins_list[:channels]
    else:
        raise PinMapError('pins.toml: sensor_board.mode must be "shift" or "direct", not %s' % mode)
    return cfg
