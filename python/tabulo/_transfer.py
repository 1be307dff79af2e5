"""Moving arrays across the bridge in bulk: keys as one NUL-joined UTF-8 byte array, numbers and
indices as primitive arrays (copied as memory, never element by element)."""
import numpy as np

from . import _jvm


def key_text(keys) -> list:
    """Keys as the text a table stores: strings as they are, integral numbers without '.0'."""
    keys = np.asarray(keys)
    if keys.dtype.kind in "iub":
        return [str(k) for k in keys.astype(np.int64).tolist()]
    if keys.dtype.kind == "f":
        return [str(int(k)) if float(k).is_integer() else repr(float(k)) for k in keys.tolist()]
    return [str(k) for k in keys.tolist()]


def send_keys(triples, setter: str, keys, index) -> None:
    """Calls triples.<setter>Joined(bytes, count, index) or, when a key holds a NUL, <setter>Array."""
    import jpype
    text = key_text(keys)
    jindex = jpype.JArray(jpype.JInt)(np.ascontiguousarray(index, dtype=np.int32))
    joined = "\0".join(text)
    if joined.count("\0") == max(len(text) - 1, 0):
        data = jpype.JArray(jpype.JByte)(np.frombuffer(joined.encode("utf-8"), dtype=np.int8))
        getattr(triples, setter + "Joined")(data, len(text), jindex)
    else:
        getattr(triples, setter + "Array")(jpype.JArray(jpype.JString)(text), jindex)


def send_numbers(values):
    import jpype
    return jpype.JArray(jpype.JDouble)(np.ascontiguousarray(values, dtype=np.float64))


def receive_keys(joined, array, count: int) -> np.ndarray:
    """Keys from Java: the NUL-joined bytes, or (when null) the String array."""
    if count == 0:
        return np.array([], dtype=str)
    if joined is not None:
        text = bytes(memoryview(joined)).decode("utf-8").split("\0")
    else:
        text = [str(s) for s in array]
    return np.array(text, dtype=str)


def receive_ints(array) -> np.ndarray:
    return np.array(memoryview(array), dtype=np.int64) if len(array) else np.zeros(0, dtype=np.int64)


def receive_doubles(array) -> np.ndarray:
    return np.array(memoryview(array), dtype=np.float64) if len(array) else np.zeros(0, dtype=np.float64)
