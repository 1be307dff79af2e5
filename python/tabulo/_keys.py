"""D4M's key lists and selections: strings split on their last character, numbers kept as numbers."""
import numbers

import numpy as np


def split_d4m(text: str) -> list:
    """'a,b,c,' -> ['a', 'b', 'c']: the last character is the separator. As D4M.py's sanitize, a string
    of one character is that one key or value ('b' -> ['b']) and the empty string is one empty string."""
    if len(text) <= 1:
        return [text]
    return text.split(text[-1])[:-1]


def parse_number(token: str):
    """A string as D4M.py's str_to_num reads it: '' is 0, an integral number an int, else a float;
    anything else is a ValueError naming the string. 'nan' and 'inf' are not numbers there either (D4M.py
    takes int() of every float, which refuses them), so 'x,nan,' columns stay strings as in D4M.py."""
    if token == "":
        return 0
    try:
        number = float(token)
    except ValueError:
        raise ValueError(f"{token!r} cannot be converted to a number") from None
    if not np.isfinite(number):
        raise ValueError(f"{token!r} cannot be converted to a number (not finite)")
    return int(number) if number.is_integer() else number


def as_list(obj, *, convert_numbers=False, what="values") -> np.ndarray:
    """Keys or values as a 1-d array, as D4M.py's sanitize reads them: a D4M string is split (its tokens
    stay strings: '5,7,' is two strings), lists and arrays are taken as they are (numbers and strings
    mixed become strings, as numpy makes them), and one scalar is an array of one. With
    convert_numbers (D4M.py's convert_val) string values are parsed as numbers, every one of them."""
    if isinstance(obj, str):
        arr = np.array(split_d4m(obj), dtype=str)
    else:
        arr = _as_array(obj, what)
    if convert_numbers and is_string(arr):
        try:
            arr = np.array([parse_number(t) for t in arr.tolist()], dtype=np.float64)
        except ValueError as e:
            raise ValueError(f"convert_val: {e}") from None
    return arr


def _as_array(obj, what) -> np.ndarray:
    if isinstance(obj, (numbers.Number, np.generic)):
        obj = [obj]
    arr = np.asarray(obj)
    if arr.ndim != 1:
        arr = arr.reshape(-1)
    if arr.dtype.kind == "O":
        if all(isinstance(x, str) for x in arr):
            arr = arr.astype(str)
        elif all(isinstance(x, (numbers.Number, np.generic)) and not isinstance(x, str) for x in arr):
            arr = arr.astype(np.float64)
        elif all(isinstance(x, (str, numbers.Number, np.generic)) for x in arr):
            arr = arr.astype(str)  # numbers among strings become strings, as numpy (and D4M.py) make them
        else:
            raise ValueError(f"{what} must be strings or numbers")
    if arr.dtype.kind == "b":
        arr = arr.astype(np.float64)
    if arr.dtype.kind == "S":
        arr = np.char.decode(arr, "utf-8")
    if arr.dtype.kind not in "iufU":
        raise ValueError(f"{what} must be strings or numbers, got {arr.dtype}")
    return arr


def is_string(arr: np.ndarray) -> bool:
    return arr.dtype.kind == "U"


def selection_to_spec(sel, what: str) -> str:
    """A table query's rows or cols as a D4M spec for Tabulo's key selection (tabulo.select.KeySpec):
    ':' (a bare slice) is everything, strings pass as they are, lists of keys become 'k1,k2,'."""
    if isinstance(sel, slice):
        if sel.start is None and sel.stop is None and sel.step is None:
            return ":"
        raise TypeError(f"{what}: a table is queried by keys (D4M syntax such as 'a,:,b,'), not by positions")
    if callable(sel):
        return _prefix_spec(sel, what)
    if isinstance(sel, str):
        if len(sel) == 1 and sel != ":":  # one character is one key (D4M.py), not a separator
            return ("," if sel != "," else ";").join([sel, ""])
        return sel
    if _is_number(sel):  # a bare number reads as a position (as on an Assoc), which a table has none of
        from ._transfer import key_text
        key = key_text([sel])[0]
        raise TypeError(f"{what}: a table is selected by keys (a D4M string such as 'a,:,b,', or a list of "
                        f"keys), not by a number: got {sel!r} (the key {key!r} is {key + ','!r} or [{key}])")
    keys = as_list(sel)
    if keys.dtype.kind != "U":
        from ._transfer import key_text
        keys = np.array(key_text(keys), dtype=str)
    if len(keys) == 0:
        return ","
    for sep in (",", ";", "\t", "\n", "|", "\x1f"):
        if not any(sep in k for k in keys):
            break
    else:
        raise ValueError(f"{what}: no separator character is free of the keys given")
    for k in keys:
        if k == ":" or k.endswith("*"):
            raise ValueError(f"{what}: key {k!r} in a list would read as D4M syntax (a range or a prefix); "
                             "write the selection as a D4M string")
    return sep.join(keys) + sep


def _prefix_spec(sel, what: str) -> str:
    """D4M.py's startswith(prefixes) as Tabulo's table syntax 'p1*,p2*,' (a table is read next to the
    data, so a selection function must be one the table's key ranges can express)."""
    if not getattr(sel, "__name__", "").startswith("startswith("):
        raise TypeError(f"{what}: a table is selected by keys, ranges or startswith(...), not by the function "
                        f"{getattr(sel, '__name__', sel)!r}")
    from .d4m_util import sanitize
    _, prefixes = sel(None)  # D4M.py's selection functions say what they select when given None
    prefixes = [str(p) for p in sanitize(prefixes)]
    for sep in (",", ";", "\t", "\n", "|", "\x1f"):
        if not any(sep in p for p in prefixes):
            return "".join(p + "*" + sep for p in prefixes)
    raise ValueError(f"{what}: no separator character is free of the prefixes given")


def select_positions(keys: np.ndarray, sel, what: str) -> np.ndarray:
    """Positions in the sorted key array `keys` that a D4M selection picks (for Assoc indexing):
    ':' or a slice (by sorted position), an int or list of ints (positions), a list of booleans, a D4M
    string (keys and ranges 'a,:,b,'; one character is one key), a list of keys (floats for numeric keys:
    ints are positions; ':' makes ranges, as in a D4M string), or a function of the keys returning the
    positions it picks (D4M.py's startswith and contains)."""
    n = len(keys)
    if callable(sel):
        picked = np.unique(np.asarray(sel(keys), dtype=np.int64))
        if np.any((picked < -n) | (picked >= n)):
            raise IndexError(f"{what}: the selection function gave a position out of range for {n} keys")
        return np.unique(picked % n) if n else picked
    if isinstance(sel, slice):
        return np.arange(n)[sel]
    if isinstance(sel, (int, np.integer)) and not isinstance(sel, bool):
        if not -n <= sel < n:
            raise IndexError(f"{what}: position {sel} out of range for {n} keys")
        return np.array([sel % n])
    if isinstance(sel, str):
        if sel == ":":
            return np.arange(n)
        return _spec_positions(keys, split_d4m(sel), what)
    arr = np.asarray(sel)
    if arr.dtype.kind == "b":  # a mask, as D4M.py takes one
        if len(arr) != n:
            raise IndexError(f"{what}: a boolean selection needs {n} entries, got {len(arr)}")
        return np.nonzero(arr)[0]
    if arr.dtype.kind in "iu":  # positions, as an int or a slice
        if np.any((arr < -n) | (arr >= n)):
            raise IndexError(f"{what}: a position is out of range for {n} keys")
        return np.unique(arr % n) if n else np.zeros(0, dtype=np.int64)
    wanted = as_list(sel, what=what)
    if len(wanted) == 0 or n == 0:
        return np.zeros(0, dtype=np.int64)
    if is_string(wanted) and ":" in set(wanted.tolist()):  # ['a', ':', 'b'] is a range, as 'a,:,b,'
        return _spec_positions(keys, wanted.tolist(), what)
    if is_string(keys) != is_string(wanted):  # would match nothing: a mistake, not an empty selection
        raise _kind_mismatch(what, keys, sel, wanted)
    return np.nonzero(np.isin(keys, wanted))[0]


def _kind_mismatch(what, keys, sel, wanted) -> TypeError:
    given = f"the number {sel!r}" if _is_number(sel) else (
        f"strings {sel!r}" if is_string(wanted) else f"numbers {sel!r}")
    if is_string(keys):
        kind, accepted = "strings", "string keys (a D4M string such as 'a,:,b,', or a list of strings)"
    else:
        kind, accepted = "numbers", "numeric keys (a list of floats, or a D4M string such as '1,:,5,')"
    return TypeError(f"{what}: the keys are {kind}, got {given}; select {accepted} or integer positions")


def _is_number(sel) -> bool:
    return isinstance(sel, (numbers.Number, np.number, np.bool_))


def _spec_positions(keys: np.ndarray, tokens: list, what: str) -> np.ndarray:
    n = len(keys)
    numeric = not is_string(keys)

    def key(t):
        if numeric:
            try:
                return float(t)
            except ValueError:
                raise ValueError(f"{what}: {t!r} is not a number, and the keys are numbers") from None
        return t

    picked = np.zeros(n, dtype=bool)
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t == ":" or (i + 1 < len(tokens) and tokens[i + 1] == ":"):
            low = None if t == ":" else key(t)
            colon = i if t == ":" else i + 1
            high = key(tokens[colon + 1]) if colon + 1 < len(tokens) else None
            lo = 0 if low is None else np.searchsorted(keys, low, side="left")
            hi = n if high is None else np.searchsorted(keys, high, side="right")
            picked[lo:hi] = True
            i = colon + 2
        else:
            k = key(t)
            at = np.searchsorted(keys, k)
            if at < n and keys[at] == k:
                picked[at] = True
            i += 1
    return np.nonzero(picked)[0]
