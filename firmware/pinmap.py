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


def _ascii_digits(text: str) -> bool:
    # str.isdigit() takes other scripts' digits on CPython and not on MicroPython.
    for c in text:
        if c < "0" or c > "9":
            return False
    return True


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
    if digits_only and _ascii_digits(digits_only):
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


def _is_int(v: object) -> bool:
    # isinstance(True, int) is True on CPython and False on MicroPython: compare the type itself.
    return type(v) is int


def _int(table: dict, key: str, default: object, low: int, high: int, where: str) -> int:
    v = table.get(key, default)
    if not _is_int(v) or not low <= v <= high:
        raise PinMapError("pins.toml: %s.%s must be an integer %d..%d" % (where, key, low, high))
    return v


def _table(table: dict, key: str, where: str) -> dict:
    v = table.get(key, {})
    if not isinstance(v, dict):
        raise PinMapError("pins.toml: %s.%s must be a table" % (where, key))
    return v


GPIO_MAX = 29  # RP2040: GP0..GP29


def sensor_config(pins: dict) -> dict:
    """The [sensor_board] table checked, with defaults filled in."""
    board = pins.get("sensor_board")
    if not isinstance(board, dict):
        raise PinMapError("pins.toml: no [sensor_board] table")
    sb = "sensor_board"
    mode = board.get("mode", "shift")
    channels = board.get("channels")
    if not _is_int(channels) or not 1 <= channels <= 64:
        raise PinMapError("pins.toml: sensor_board.channels must be 1..64")
    active_low = board.get("active_low", True)
    if type(active_low) is not bool:
        raise PinMapError("pins.toml: sensor_board.active_low must be true or false")
    version = board.get("firmware_version", "1.0.0")
    if type(version) is not str or not version or not _printable_field(version):
        raise PinMapError("pins.toml: sensor_board.firmware_version must be a plain string such as \"1.0.0\"")
    leds = _table(board, "leds", sb)
    cfg = {
        "mode": mode,
        "channels": channels,
        "debounce_ms": _int(board, "debounce_ms", 30, 1, 1000, sb),
        "heartbeat_ms": _int(board, "heartbeat_ms", 1000, 100, 60000, sb),
        "active_low": active_low,
        "firmware_version": version,
        "leds": leds,
    }
    if _int(leds, "count", 0, 0, 64, sb + ".leds") > 0:
        _int(leds, "data_pin", None, 0, GPIO_MAX, sb + ".leds")
        _int(leds, "brightness", 64, 0, 255, sb + ".leds")
    if mode == "shift":
        shift = _table(board, "shift", sb)
        for key in ("load_pin", "clock_pin", "data_pin", "chips"):
            if not _is_int(shift.get(key)):
                raise PinMapError("pins.toml: sensor_board.shift.%s missing" % key)
        for key in ("load_pin", "clock_pin", "data_pin"):
            _int(shift, key, None, 0, GPIO_MAX, sb + ".shift")
        _int(shift, "chips", None, 1, 8, sb + ".shift")
        if shift["chips"] * 8 < channels:
            raise PinMapError("pins.toml: %d chips carry only %d channels, need %d"
                              % (shift["chips"], shift["chips"] * 8, channels))
        cfg["shift"] = shift
    elif mode == "direct":
        pins_list = _table(board, "direct", sb).get("pins", [])
        if not isinstance(pins_list, list):
            raise PinMapError("pins.toml: sensor_board.direct.pins must be a list of GPIO numbers")
        if len(pins_list) < channels:
            raise PinMapError("pins.toml: direct mode lists %d pins for %d channels"
                              % (len(pins_list), channels))
        for n in pins_list:
            if not _is_int(n) or not 0 <= n <= GPIO_MAX:
                raise PinMapError("pins.toml: sensor_board.direct.pins: %s is not a GPIO 0..%d" % (n, GPIO_MAX))
        cfg["pins"] = pins_list[:channels]
    else:
        raise PinMapError('pins.toml: sensor_board.mode must be "shift" or "direct", not %s' % mode)
    return cfg


def _printable_field(text: str) -> bool:
    for c in text:
        if c < " " or c > "~" or c in "$*,":
            return False
    return True
