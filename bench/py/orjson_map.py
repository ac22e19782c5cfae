#!/usr/bin/env python3
"""A ceiling for `make bench`: the records restmap's employees config prints, made with
orjson (PyPI), the fastest JSON library Python has: load + map + dump.

  orjson_map.py tree FILE     {"employees_list":[...]} -> the records of bench/jq/tree.jq,
                              pretty (2-space indent), departments resolved as restmap's
                              fk connection resolves them
  orjson_map.py ndjson FILE   one employee a line -> the records of bench/jq/ndjson.jq, one a
                              line, read and written line by line (memory stays flat)

The garbage collector is off, as it is for the peers' figures in notes/performance.md.
"""
import gc
import sys

import orjson


def department(d):
    return {"_entity": "Department", "entityId": d["id"], "name": d["name"]}


def tree(path):
    with open(path, "rb") as f:
        doc = orjson.loads(f.read())
    employees = [e for e in doc["employees_list"] if e.get("type") == "employee"]
    departments = {}
    for e in employees:  # every Department in its final state: the last representation wins
        d = e.get("dept")
        if d is not None:
            departments[d["id"]] = department(d)
    records = []
    for e in employees:
        d, s = e.get("dept"), e.get("secondary_dept")
        record = {"_entity": "Employee", "entityId": e.get("id"), "name": e.get("name"),
                  "description": e.get("description"), "secondaryDeptId": s,
                  "dept": None if d is None else departments[d["id"]]}
        if s is not None and s in departments:
            record["secondary_dept"] = departments[s]
        records.append(record)
    out = sys.stdout.buffer
    out.write(orjson.dumps(records, option=orjson.OPT_INDENT_2))
    out.write(b"\n")


def ndjson(path):
    out = sys.stdout.buffer
    with open(path, "rb") as f:
        for line in f:
            if not line.strip():
                continue
            e = orjson.loads(line)
            if e.get("type") != "employee":
                continue
            d = e.get("dept")
            out.write(orjson.dumps({
                "_entity": "Employee", "entityId": e.get("id"), "name": e.get("name"),
                "description": e.get("description"), "secondaryDeptId": e.get("secondary_dept"),
                "dept": None if d is None else department(d)}))
            out.write(b"\n")


if __name__ == "__main__":
    gc.disable()
    {"tree": tree, "ndjson": ndjson}[sys.argv[1]](sys.argv[2])
