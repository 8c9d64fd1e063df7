"""Everything an object reaches: the walk of the leak tests (an agent's observation holds no hidden fact).

The walk follows :func:`gc.get_referents`, but does not enter what every object of the program shares —
modules, classes, code, builtins and descriptors (an agent reaching a module reaches everything, but that
is import, not the observation) — nor a function's module globals; it does enter a function's closure and
defaults and a bound method's ``self``, where a reference to a game would hide.

>>> def holder(box):
...     return lambda: box
>>> box = {"secret": 1}
>>> [o for o in reachable(holder(box)) if isinstance(o, dict)] == [box]
True
"""

from __future__ import annotations

import gc
import types
from collections.abc import Iterable, Iterator

#: What every object shares: never entered.
GLOBAL = (
    type, types.ModuleType, types.CodeType, types.BuiltinFunctionType, types.FrameType,
    types.WrapperDescriptorType, types.MethodDescriptorType, types.GetSetDescriptorType,
    types.MemberDescriptorType,
)  # fmt: skip
_LEAVES = (str, int, float, bool, bytes, type(None))


def reachable(*roots: object, stop: Iterable[int] = ()) -> Iterator[object]:
    """Every object reachable from ``roots`` (the roots included), not entering ``stop`` (ids)."""
    seen = set(stop)
    todo = list(roots)
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, GLOBAL):
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, _LEAVES):
            continue
        if isinstance(obj, types.FunctionType):  # its closure and defaults, not its module's globals
            todo.extend(c.cell_contents for c in obj.__closure__ or () if c.cell_contents is not None)
            todo.extend(obj.__defaults__ or ())
            todo.extend((obj.__kwdefaults__ or {}).values())
            continue
        todo.extend(gc.get_referents(obj))
