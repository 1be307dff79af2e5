"""Independent oracles: plain dicts and brute force, sharing nothing with tabulo's code."""


def triples_dict(rows, cols, vals, collide=min):
    """{(row, col): value} from triples, collisions folded in input order, zeros and '' dropped."""
    out = {}
    for r, c, v in zip(rows, cols, vals):
        out[(r, c)] = collide(out[(r, c)], v) if (r, c) in out else v
    return {k: v for k, v in out.items() if v != 0 and v != ""}


def assoc_dict(a):
    """An Assoc's entries as {(row, col): value} with plain Python values."""
    r, c, v = a.find()
    return {(x.item() if hasattr(x, "item") else x, y.item() if hasattr(y, "item") else y):
            (z.item() if hasattr(z, "item") else z) for x, y, z in zip(r, c, v)}


def utf8_key(s):
    return s.encode("utf-8")


def matches(key, spec):
    """Brute-force D4M selection on one key: ':', lists, 'a,:,b,' ranges, ':,b,', 'a,:,', 'x*,' prefixes,
    keys compared as UTF-8 bytes."""
    if spec == ":":
        return True
    tokens = spec.split(spec[-1])[:-1]
    k = utf8_key(key)
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t == ":":
            hi = tokens[i + 1] if i + 1 < len(tokens) else None
            if hi is None or k <= utf8_key(hi):
                return True
            i += 2
        elif i + 1 < len(tokens) and tokens[i + 1] == ":":
            hi = tokens[i + 2] if i + 2 < len(tokens) else None
            if utf8_key(t) <= k and (hi is None or k <= utf8_key(hi)):
                return True
            i += 3
        elif t.endswith("*"):
            if k.startswith(utf8_key(t[:-1])):
                return True
            i += 1
        else:
            if k == utf8_key(t):
                return True
            i += 1
    return False
