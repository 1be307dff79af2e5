"""D4M.py's ``D4M.util`` functions, with its names and results: key lists, selections by prefix or
substring (``A[startswith("a,"), :]``), number parsing and writing, aggregation of triples and the
binary operations Assoc's ``aggregate`` takes. Import as ``tabulo.D4M.util``."""
import operator
import random
import string
from collections.abc import Sequence as SequenceLike
from inspect import signature
from numbers import Number
from typing import Callable, Sequence, Union

import numpy as np

from ._keys import parse_number, select_positions

# D4M.py's type aliases, for scripts that annotate with them
KeyVal = Union[str, Number]
StrList = Union[str, Sequence[str]]
ArrayLike = Union[KeyVal, Sequence[KeyVal], np.ndarray]
Selectable = Union[ArrayLike, slice, Callable]

__all__ = ["ArrayLike", "KeyVal", "Selectable", "StrList", "add", "aggregate_triples", "can_sanitize", "catstr",
           "contains", "first", "from_db_string", "get_default_args", "is_numeric", "last", "mul", "np_sorted",
           "num_string_gen", "num_to_str", "operation_dict", "remove_suffix", "replace_default_args", "sanitize",
           "select_items", "sorted_append", "sorted_intersect", "sorted_union", "startswith", "str_to_num",
           "string_gen", "times", "to_db_string", "update_indices"]


def string_gen(length_: int) -> str:
    """A random string of ``length_`` ASCII letters."""
    return "".join(random.SystemRandom().choice(string.ascii_letters) for _ in range(length_))


def num_string_gen(length_: int, upper_bound: int) -> str:
    """A D4M string of ``length_`` random integers from 0 to ``upper_bound``: '3,0,7,'."""
    return ",".join([str(random.randint(0, upper_bound)) for _ in range(length_)] + [""])


def is_numeric(object_) -> bool:
    """True for a number (int, float, complex, numpy numbers, bool)."""
    return isinstance(object_, Number)


def sanitize(object_, prevent_upcasting: bool = False) -> np.ndarray:
    """Keys or values as a numpy array, as D4M.py reads them.

    A D4M string ('a,b,') is split on its last character; a one-character string is one item and the
    empty string one empty string; a numpy array is returned as it is; another iterable becomes an array
    (numbers among strings become strings unless ``prevent_upcasting``, which keeps mixed types in an
    object array); anything else is an array of one.

    Examples
    --------
    >>> sanitize("a,b,").tolist(), sanitize("1,1,").tolist(), sanitize(1).tolist()
    (['a', 'b'], ['1', '1'], [1])
    """
    if isinstance(object_, str):
        if len(object_) <= 1:
            return np.array([object_])
        object_ = object_.split(object_[-1])[:-1]
    if isinstance(object_, np.ndarray):
        return object_
    if hasattr(object_, "__iter__"):
        items = list(object_)
        if prevent_upcasting and len({type(item) for item in items}) > 1:
            return np.array(items, dtype=object)
        return np.array(items)
    return np.array([object_])


def can_sanitize(object_) -> bool:
    """True for what ``sanitize`` takes: a string, a number, a sequence or a 1-d array of numbers or
    strings."""
    if isinstance(object_, np.ndarray):
        return object_.ndim == 1 and object_.dtype.kind in "iufU"
    return isinstance(object_, (str, Number, SequenceLike))


def str_to_num(array, silent: bool = False) -> np.ndarray:
    """Strings as numbers, as D4M.py parses them: '' is 0, integral numbers are ints, others floats.

    Parameters
    ----------
    array : str, number or sequence
        One string that is a number, a D4M string of them ('1,2.5,'), a number, or a sequence.
    silent : bool
        Keep a string that is not a number (in an object array) instead of raising ``ValueError``.
    """
    def one(word):
        if not isinstance(word, str):
            if not isinstance(word, Number):
                raise ValueError(f"{word!r} cannot be converted to a valid number")
            return word
        try:
            return parse_number(word)
        except ValueError:
            if silent:
                return word
            raise ValueError(f"{word} cannot be converted to a valid number.") from None

    if isinstance(array, str):
        try:
            numbers_ = [parse_number(array)]
        except ValueError:
            numbers_ = [one(word) for word in array.split(array[-1])[:-1]]
    elif isinstance(array, Number):
        numbers_ = [array]
    else:
        if not hasattr(array, "__iter__"):
            raise TypeError(f"str_to_num: array must be a string, a number or a sequence, got {array!r}")
        numbers_ = [one(word.item() if isinstance(word, np.generic) else word) for word in array]
    result = np.array(numbers_)
    if silent and result.dtype.kind not in "iuf":
        return np.array(numbers_, dtype=object)
    return result


def remove_suffix(word: str, suffix: str) -> str:
    """``word`` without ``suffix`` at its end (an empty suffix removes nothing)."""
    if suffix and word.endswith(suffix):
        return word[:-len(suffix)]
    return word


def num_to_str(array, int_aware: bool = True) -> np.ndarray:
    """Items as strings as numpy writes them ('2.0', 'a'); ``int_aware`` strips a trailing '.0' from
    every item (from strings too, as D4M.py does)."""
    text = sanitize(array).astype(str)
    if int_aware:
        text = np.array([remove_suffix(word, ".0") for word in text], dtype=str)
    return text


def catstr(str_array_1, str_array_2, separator: str = "|", int_aware: bool = True) -> np.ndarray:
    """Item by item ``str_array_1 + separator + str_array_2``, numbers written by ``num_to_str``."""
    left = num_to_str(str_array_1, int_aware=int_aware)
    right = num_to_str(str_array_2, int_aware=int_aware)
    return np.char.add(np.char.add(left, np.full(len(left), separator)), right)


def sorted_union(array_1, array_2, return_index: bool = False):
    """The sorted union of two sorted arrays without duplicates, and with ``return_index`` where each
    one's items land in it."""
    union = np.union1d(array_1, array_2)
    if not return_index:
        return union
    return union, np.searchsorted(union, array_1), np.searchsorted(union, array_2)


def sorted_intersect(array_1, array_2, return_index: bool = False, return_index_1: bool = False,
                     return_index_2: bool = False):
    """The sorted intersection of two sorted arrays without duplicates, with the positions of its items
    in ``array_1`` and/or ``array_2`` as asked."""
    common, index_1, index_2 = np.intersect1d(array_1, array_2, assume_unique=True, return_indices=True)
    if return_index:
        return common, index_1, index_2
    if return_index_1:
        return common, index_1
    if return_index_2:
        return common, index_2
    return common


def select_items(selection, keys, return_indices: bool = False):
    """The keys a selection picks (a D4M string, list, slice, positions, booleans or a function such as
    ``startswith``), and with ``return_indices`` their positions."""
    keys = sanitize(keys)
    positions = select_positions(keys, selection, "selection")
    return (keys[positions], positions) if return_indices else keys[positions]


def _key_filter(name: str, patterns, matches):
    presanitized = patterns
    wanted = [str(p) for p in sanitize(patterns)]

    def func(string_list, function_name=name, currying_parameter=presanitized):
        if string_list is None:  # D4M.py's way of reading back what the function selects
            return function_name, currying_parameter
        items = sanitize(string_list)
        return [i for i in range(len(items)) if any(matches(str(items[i]), w) for w in wanted)]

    func.__name__ = f"{name}({presanitized})"
    return func


def startswith(prefixes):
    """A selection of the keys that start with one of ``prefixes`` ('a,b,' or a list): a function of a
    list of keys giving the positions it picks, so ``A[startswith("a,"), :]`` selects rows."""
    return _key_filter("startswith", prefixes, str.startswith)


def contains(substrings):
    """A selection of the keys that contain one of ``substrings``, as ``startswith``."""
    return _key_filter("contains", substrings, lambda item, part: part in item)


def to_db_string(object_) -> str:
    """A selection as a newline-separated list for a database query; ``startswith`` becomes ranges
    'p' to 'p' + chr(127)."""
    if isinstance(object_, str):
        return object_.replace(object_[-1], "\n")
    if callable(object_) and object_.__name__.startswith("startswith"):
        prefixes = get_default_args(object_, "currying_parameter")["currying_parameter"]
        sep = prefixes[-1] if isinstance(prefixes, str) else "\n"
        return "".join(p + sep + ":" + sep + p + chr(127) + sep for p in sanitize(prefixes).astype(str))
    return "\n".join(sanitize(object_).astype(str)) + "\n"


def from_db_string(db_string: str) -> np.ndarray:
    """The inverse of ``to_db_string`` for a list."""
    return sanitize(db_string.split("\n")[:-1])


def np_sorted(arr) -> bool:
    """True where the array is in non-decreasing order."""
    arr = np.asarray(arr)
    return bool(np.all(arr[:-1] <= arr[1:]))


def aggregate_triples(row, col, val, func):
    """Triples folded where (row, col) repeats, ``func(earlier, later)`` in input order; the result in
    order of first appearance."""
    folded = {}
    for r, c, v in zip(row, col, val):
        folded[(r, c)] = func(folded[(r, c)], v) if (r, c) in folded else v
    return (np.array([k[0] for k in folded]), np.array([k[1] for k in folded]), np.array(list(folded.values())))


def sorted_append(new_entry, sorted_array, array_of_indices, new_entry_name: str = "new_entry",
                  sorted_array_name: str = "sorted_array"):
    """``new_entry`` added to a sorted array of distinct items: (the new sorted array, the positions in
    ``array_of_indices`` moved to it, followed by new_entry's position)."""
    sorted_array = np.asarray(sorted_array)
    try:
        updated, inverse = np.unique(np.append(sorted_array, new_entry), return_inverse=True)
    except TypeError:
        raise TypeError(f"{new_entry_name} {new_entry!r} cannot be sorted among {sorted_array_name}") from None
    positions = np.append(np.asarray(array_of_indices, dtype=np.int64), len(sorted_array))
    return updated, inverse.reshape(-1)[positions]


def update_indices(array_of_indices, sorted_bad_indices, size: int, offset: int = 0, mark=None):
    """Positions (counted from ``offset``) into a sequence of ``size`` items, moved to the sequence
    without the items at ``sorted_bad_indices``; a position of a removed item is dropped, or set to
    ``mark`` where one is given."""
    old_dtype = np.asarray(array_of_indices).dtype
    positions = np.asarray(array_of_indices).astype(np.int64) - offset
    bad = np.zeros(size, dtype=bool)
    bad[list(sorted_bad_indices)] = True
    moved = np.arange(size) - np.cumsum(bad) + offset
    result = moved[positions]
    removed = bad[positions]
    result = result[~removed] if mark is None else np.where(removed, mark, result)
    return result.astype(old_dtype)


add = operator.add
times = operator.mul
mul = operator.mul


def first(object_1, _):
    """The first of two values."""
    return object_1


def last(_, object_2):
    """The last of two values."""
    return object_2


def operation_dict() -> dict:
    """The names ``aggregate`` takes, and their functions."""
    names = {add: ("add", "plus", "sum", "addition"),
             times: ("times", "mul", "multiply", "product", "multiplication", "prod"),
             min: ("min", "minimum", "minimize"), max: ("max", "maximum", "maximize"),
             first: ("first",), last: ("last",)}
    return {name: function for function, aliases in names.items() for name in aliases}


def get_default_args(func, *arg_names) -> dict:
    """The default values of a function's named parameters."""
    parameters = signature(func).parameters
    return {name: parameters[name].default for name in arg_names}


def replace_default_args(func, **arg_pairs):
    """The given values, with a function's defaults where a value is None (one value alone, several as a
    tuple)."""
    defaults = get_default_args(func, *arg_pairs)
    values = [defaults[name] if value is None else value for name, value in arg_pairs.items()]
    return values[0] if len(values) == 1 else tuple(values)
