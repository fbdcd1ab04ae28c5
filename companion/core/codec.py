"""Typed data to JSON and back, for the journal, replay and the public state export.

Handles what game states are made of: frozen dataclasses, enums, tuples, frozensets, dicts,
Optionals and unions of dataclasses tagged by a `kind` class attribute. Output is canonical
(sorted keys, sets sorted), so equal states encode to equal text.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from typing import Any, Mapping, TypeVar

from companion.core.errors import DecodeError

T = TypeVar("T")

MAX_DEPTH = 32  # nesting of any stored value; game states and inputs use fewer than 10 levels
MAX_INT = 1 << 64  # integers beyond 64 bits (the generator's state is the largest) are not ours

_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = typing.get_type_hints(cls)
        _HINTS[cls] = hints
    return hints


def to_jsonable(obj: Any) -> Any:
    """Plain JSON data for a typed value."""
    if obj is None or isinstance(obj, (bool, int, float, str)):
        if isinstance(obj, enum.Enum):
            return obj.value
        return obj
    if isinstance(obj, enum.Enum):
        return obj.value
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out: dict[str, Any] = {}
        kind = getattr(type(obj), "kind", None)
        if isinstance(kind, str):
            out["kind"] = kind
        for f in dataclasses.fields(obj):
            out[f.name] = to_jsonable(getattr(obj, f.name))
        return out
    if isinstance(obj, (frozenset, set)):
        items = [to_jsonable(x) for x in obj]
        return sorted(items, key=lambda x: json.dumps(x, sort_keys=True))
    if isinstance(obj, (tuple, list)):
        return [to_jsonable(x) for x in obj]
    if isinstance(obj, Mapping):
        return {str(to_jsonable(k)): to_jsonable(v) for k, v in obj.items()}
    raise TypeError(f"cannot encode {type(obj).__name__}")


def dumps(obj: Any) -> str:
    return json.dumps(to_jsonable(obj), sort_keys=True, separators=(",", ":"))


def check_depth(data: Any, limit: int = MAX_DEPTH) -> None:
    """Raise DecodeError if JSON data nests deeper than `limit` (checked without recursion)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            items: Any = value.values()
        elif isinstance(value, list):
            items = value
        else:
            continue
        if depth > limit:
            raise DecodeError(f"nested deeper than {limit} levels")
        stack.extend((v, depth + 1) for v in items)


def parse_json(text: str | bytes, limit: int = MAX_DEPTH) -> Any:
    """json.loads with bounds: nesting depth, and DecodeError for every way the text can be bad."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise DecodeError(f"not valid JSON: nested deeper than {limit} levels") from None
    except ValueError as exc:  # JSONDecodeError, and integers of more than 4300 digits
        raise DecodeError(f"not valid JSON: {exc}") from None
    check_depth(data, limit)
    return data


def from_jsonable(tp: Any, data: Any, where: str = "$") -> Any:
    """Rebuild a typed value from JSON data; raises DecodeError naming the path that is wrong."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        if len(options) == 1:
            return from_jsonable(options[0], data, where)
        if isinstance(data, dict) and "kind" in data:
            for opt in options:
                if getattr(opt, "kind", None) == data["kind"]:
                    return from_jsonable(opt, data, where)
            raise DecodeError(f"{where}: unknown kind {data['kind']!r}")
        for opt in options:
            try:
                return from_jsonable(opt, data, where)
            except (DecodeError, TypeError, ValueError):
                continue
        raise DecodeError(f"{where}: {data!r} matches none of {tp}")
    if origin is typing.Literal:
        if data not in args:
            raise DecodeError(f"{where}: {data!r} is not one of {args}")
        return data
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except ValueError:
            raise DecodeError(f"{where}: {data!r} is not a {tp.__name__}") from None
    if isinstance(origin, type) and dataclasses.is_dataclass(origin):
        # A generic dataclass, e.g. Decisions[Pending]: its type variables bound to `args`.
        params = getattr(origin, "__parameters__", ())
        return _decode_dataclass(origin, data, where, dict(zip(params, args)))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _decode_dataclass(tp, data, where, {})
    return _decode_plain(tp, origin, args, data, where)


def _decode_dataclass(tp: type, data: Any, where: str, bound: dict[Any, Any]) -> Any:
    if not isinstance(data, dict):
        raise DecodeError(f"{where}: expected an object for {tp.__name__}, got {data!r}")
    hints = _hints(tp)
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(tp):
        if f.name in data:
            hint = _bind(hints[f.name], bound) if bound else hints[f.name]
            kwargs[f.name] = from_jsonable(hint, data[f.name], f"{where}.{f.name}")
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise DecodeError(f"{where}: missing field {f.name!r} of {tp.__name__}")
    known = {f.name for f in dataclasses.fields(tp)} | {"kind"}
    unknown = set(data) - known
    if unknown:
        raise DecodeError(f"{where}: unknown field(s) {sorted(unknown)} for {tp.__name__}")
    return tp(**kwargs)


def _bind(hint: Any, bound: dict[Any, Any]) -> Any:
    """A field's type hint with the generic dataclass's type variables replaced."""
    if isinstance(hint, typing.TypeVar):
        return bound.get(hint, Any)
    args = typing.get_args(hint)
    if not args:
        return hint
    new = tuple(_bind(a, bound) for a in args)
    if new == args:
        return hint
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return typing.Union[new]
    return hint.copy_with(new) if hasattr(hint, "copy_with") else origin[new]


def _decode_plain(tp: Any, origin: Any, args: tuple[Any, ...], data: Any, where: str) -> Any:
    if origin is tuple:
        if not isinstance(data, list):
            raise DecodeError(f"{where}: expected a list, got {data!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_jsonable(args[0], x, f"{where}[{i}]") for i, x in enumerate(data))
        if len(args) != len(data):
            raise DecodeError(f"{where}: expected {len(args)} items, got {len(data)}")
        return tuple(from_jsonable(a, x, f"{where}[{i}]") for i, (a, x) in enumerate(zip(args, data)))
    if origin is frozenset:
        if not isinstance(data, list):
            raise DecodeError(f"{where}: expected a list, got {data!r}")
        return frozenset(from_jsonable(args[0], x, f"{where}[{i}]") for i, x in enumerate(data))
    if origin in (dict, Mapping) or origin is typing.get_origin(Mapping[str, int]):
        if not isinstance(data, dict):
            raise DecodeError(f"{where}: expected an object, got {data!r}")
        kt, vt = args
        return {
            from_jsonable(kt, int(k) if kt is int else k, where): from_jsonable(vt, v, f"{where}.{k}")
            for k, v in data.items()
        }
    if tp is bool:
        if not isinstance(data, bool):
            raise DecodeError(f"{where}: expected true/false, got {data!r}")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise DecodeError(f"{where}: expected an integer, got {data!r}")
        if not -MAX_INT < data < MAX_INT:
            raise DecodeError(f"{where}: integer out of range")
        return data
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)) or (isinstance(data, int) and abs(data) > MAX_INT):
            raise DecodeError(f"{where}: expected a number, got {data!r}")
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise DecodeError(f"{where}: expected a string, got {data!r}")
        return data
    if tp is type(None):
        if data is not None:
            raise DecodeError(f"{where}: expected null, got {data!r}")
        return None
    raise TypeError(f"cannot decode into {tp!r}")


def decode(tp: type[T], data: Any) -> T:
    check_depth(data)
    return typing.cast(T, from_jsonable(tp, data))
