"""The calls declared once in Java (tabulo.api.Declarations), as methods of DbServer: each method's
signature, defaults and docstring come from the declaration, as the command line's options and --help do.
A method runs its call as a Java job (progress line, Ctrl-C cancels: see _job) and returns the result
table (with .info: what the run reported) or the number computed."""
import inspect
import numbers
import warnings

import numpy as np

from . import _job, _jvm
from ._keys import selection_to_spec
from .info import Info

_OUTPUT_ONLY = ("mask", "structure", "complement", "accum")


def install(cls):
    """Adds a method per declaration to cls (once; the JVM must be running)."""
    if cls.__dict__.get("_declared_installed"):
        return
    for d in _jvm.java("tabulo.python.Declared").describe():
        method = _method(_plain(d))
        setattr(cls, method.__name__, method)
    cls._declared_installed = True
    _jvm.python_names_changed()


def _plain(value):
    """Java maps, lists, strings, numbers and booleans as Python ones."""
    import jpype
    if value is None:
        return None
    if isinstance(value, jpype.JClass("java.util.Map")):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, jpype.JClass("java.util.List")):
        return [_plain(v) for v in value]
    if isinstance(value, jpype.JClass("java.lang.Boolean")):
        return bool(value.booleanValue())
    if isinstance(value, (jpype.JClass("java.lang.Integer"), jpype.JClass("java.lang.Long"))):
        return int(value.longValue())
    if isinstance(value, jpype.JClass("java.lang.Number")):
        return float(value.doubleValue())
    return str(value) if isinstance(value, jpype.JClass("java.lang.String")) else value


def _method(d):
    name = d["name"]
    params = d["parameters"]
    # the tables and options that must be given, then those that may be left out (tables first: c=None)
    required = [p for p in params if p["required"]]
    optional = sorted((p for p in params if not p["required"]), key=lambda p: not p["positional"])
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    signature = inspect.Signature(
        [inspect.Parameter("self", kind)]
        + [inspect.Parameter(p["python"], kind) for p in required]
        + [inspect.Parameter(p["python"], kind, default=False if p["type"] == "FLAG" else p["default"])
           for p in optional])
    known = {p["python"] for p in params}

    def method(self, *args, **kwargs):
        unknown = [k for k in kwargs if k not in known]
        if unknown:
            if not d["output"] and all(k in _OUTPUT_ONLY for k in unknown):
                raise _jvm.TabuloError(f"{name} writes a new table: it takes no mask or accum")
            raise TypeError(f"{method.__name__}() got an unexpected keyword argument {unknown[0]!r}")
        bound = signature.bind(self, *args, **kwargs)
        bound.apply_defaults()
        values = _jvm.java("java.util.HashMap")()
        for p in params:
            v = bound.arguments[p["python"]]
            if v is not None and p["type"] == "VERTICES" and isinstance(v, (numbers.Number, np.number)):
                v = [v]  # one vertex's key
            if v is not None and p["type"] in ("SELECTION", "VERTICES"):
                v = selection_to_spec(v, p["python"])
            if p["type"] == "TEXT" and isinstance(v, (list, tuple)):
                v = ",".join(map(str, v))  # a list of words (auths=["a", "b"]) as the command line writes it
            values.put(p["name"], _java(v))
        outcome = _job.run(self._declared_calls().call, method.__name__, name, values)
        if outcome.warning() is not None:
            warnings.warn(f"{name}: {outcome.warning()}", RuntimeWarning, stacklevel=2)
        if outcome.value() is not None:
            return _plain(outcome.value())
        table = self.table(str(outcome.table()))
        info = _plain(outcome.info())
        if info:
            table.info = Info(info)
        return table

    method.__name__ = name.replace("-", "_")
    method.__qualname__ = "DbServer." + method.__name__
    method.__signature__ = signature
    method.__doc__ = d["description"] + "\n\n" + "\n".join(
        f"{p['python']}: {p['help']}" for p in params)
    return method


def _java(v):
    """A Python argument as the Java value a declaration reads (numbers as Long or Double)."""
    import jpype
    if v is None or isinstance(v, str):
        return v
    if isinstance(v, (bool, np.bool_)):
        return jpype.JObject(bool(v), jpype.JBoolean)
    if isinstance(v, (numbers.Integral, np.integer)):
        return jpype.JObject(int(v), jpype.JLong)
    if isinstance(v, (numbers.Real, np.floating)):
        return jpype.JObject(float(v), jpype.JDouble)
    return str(v)
