"""Equivalence checks of `make bench`: restmap's records and a peer's, both normalised to
lists of records (objects as key/value pair lists, so that key order is seen) and compared."""
import json

US, RS = "\x1f", "\x1e"  # xmlstarlet field / record separators (descriptions hold tabs and newlines)



def load_json(path):
    with open(path, "rb") as f:
        return json.load(f, object_pairs_hook=list)


def load_ndjson(path):
    with open(path, "rb") as f:
        return [json.loads(line, object_pairs_hook=list) for line in f if line.strip()]


def unordered(v):
    """The same value with object keys sorted (objects are pair lists after loading)."""
    if isinstance(v, list) and v and all(isinstance(p, tuple) and len(p) == 2 for p in v):
        return sorted((k, unordered(x)) for k, x in v)
    if isinstance(v, list):
        return [unordered(x) for x in v]
    return v


def describe_difference(a, b):
    if len(a) != len(b):
        head = "%d records vs %d" % (len(a), len(b))
    else:
        head = "%d records each" % len(a)
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return "%s; first difference at record %d:\n      restmap: %s\n      peer:    %s" % (
                head, i, json.dumps(x, ensure_ascii=False)[:300], json.dumps(y, ensure_ascii=False)[:300])
    return head


def compare_records(a, b):
    """(verdict, detail) for two record lists (pair-list form)."""
    if a == b:
        return "PASS", "%d records, same values, same key order" % len(a)
    if unordered(a) == unordered(b):
        return "PASS", "%d records, same values (key order differs)" % len(a)
    return "FAIL", describe_difference(a, b)


def pairs_get(rec, key):
    for k, v in rec:
        if k == key:
            return v
    return None


def field_tuples_from_records(records):
    """restmap/xq records → the tuples xmlstarlet extracts (null and absent read as '')."""
    def s(v):
        return "" if v is None else str(v)
    out = []
    for r in records:
        dept = pairs_get(r, "dept")
        out.append((s(pairs_get(r, "entityId")), s(pairs_get(r, "name")), s(pairs_get(r, "description")),
                    s(pairs_get(dept, "entityId") if dept else None), s(pairs_get(dept, "name") if dept else None),
                    s(pairs_get(r, "secondaryDeptId"))))
    return out


def field_tuples_from_xmlstarlet(path):
    text = open(path, encoding="utf-8").read()
    return [tuple(rec.split(US)) for rec in text.split(RS) if rec.strip("\n")]


def stringify(v):
    """JSON records as XML would carry them: every scalar a string (null stays null)."""
    if isinstance(v, list) and v and all(isinstance(p, tuple) and len(p) == 2 for p in v):
        return [(k, stringify(x)) for k, x in v]
    if isinstance(v, list):
        return [stringify(x) for x in v]
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(v)
    return v
