"""What an operation reported about its run (``C.info``): read-only, by attribute or by key."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any


class Info(Mapping[str, Any]):
    """The report of the run that wrote a table: ``C.info.iterations`` or ``C.info["iterations"]``.

    Read-only; equal to a dict with the same items (``C.info == {"iterations": 4, ...}``), so scripts
    that read it as a dict keep working.

    Parameters
    ----------
    items : Mapping[str, Any]
        The reported fields (their names as the operation reports them, e.g. ``iterations``, ``converged``).
    """

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, Any]) -> None:
        object.__setattr__(self, "_items", dict(items))

    def __getattr__(self, name: str) -> Any:
        try:
            return self._items[name]
        except KeyError:
            raise AttributeError(f"this run reported no {name!r}: it reported {', '.join(self._items) or 'nothing'}") \
                from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a run's report is read-only")

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __dir__(self) -> list[str]:
        return [*super().__dir__(), *self._items]

    def __repr__(self) -> str:
        return "Info(" + ", ".join(f"{k}={v!r}" for k, v in self._items.items()) + ")"
