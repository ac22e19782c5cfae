#!/usr/bin/env python3
"""Deterministic data for `make bench` (SPEC §4, notes/performance.md).

Writes, into OUT:
  employees.json    {"employees_list":[{...},\n{...},...]}  ~374 bytes a record
  employees.ndjson  the same records, one employee object a line
  employees.xml     <employees_list><employee id="..">...</employee>...</employees_list>
and a stamp, so that a second run with the same arguments does nothing.

Only the standard library; a seeded random.Random, so the same --mb and --seed give the
same bytes on any machine.  Usage: gen.py --mb 100 --out bench-data/100mb [--seed 20261121]
"""
import argparse
import hashlib
import json
import os
import random
import sys

VERSION = "1"

FIRST = ["John", "Zoë", "José", "Łukasz", "Søren", "Ingrid", "Ravi", "Mei", "Aïcha", "Chloé",
         "Dmitri", "Дмитрий", "Олена", "Jürgen", "Ana", "Björn", "Nguyễn", "Ümit", "Sarah",
         "Kenji", "健太", "美咲", "Fatma", "Noël", "François", "Priya", "Óscar", "Žofie",
         "Mary", "Peter", "Αλέξανδρος", "Εleni", "Tomás", "Siobhán", "Ahmed", "أحمد", "David"]
LAST = ["Doe", "Müller", "Núñez", "Dvořák", "Øyelaran", "Ivanov", "Иванова", "王", "Nakamura",
        "Şahin", "O'Brien", "Patel", "García", "Kowalski", "Lindqvist", "Smith", "Nowak",
        "Ferrari", "Tanaka", "田中", "Papadopoulos", "Παπαδόπουλος", "Schröder", "Lefèvre",
        "Johnson", "Brown", "Kim", "Lê", "Håkansson", "Ortiz"]
WORDS = ("the team lead for quarterly reporting owns budget review and mentors new hires "
         "speaks three languages works remotely from Lisbon on call every second week "
         "migrated the billing system to the new platform prefers email over meetings "
         "certified in safety training responsible for vendor contracts and audits "
         "maintains the internal wiki and release notes joined after the merger").split()
SPECIALS = ['"quoted"', 'C:\\temp\\new', 'a\ttab', 'line one\nline two', '🚀', '😀👍',
            'R&D <core>', 'say "hi"\\n', '½ price', '✓ done']
DEPT_NAMES = ["IT Department", "Research", "Finance", "Human Resources", "Sales", "Marketing",
              "Legal", "Support", "Operations", "Logistics", "Procurement", "Security",
              "Facilities", "Design", "Engineering", "Data & Analytics", "Quality",
              "Customer Success", "Training", "Communications", "Strategy", "Compliance",
              "Recherche & Développement", "Produktion", "Vertrieb", "Einkauf", "Контроль",
              "Платежи", "品質管理", "営業", "Exportação", "Tesorería", "Platform",
              "Infrastructure", "Mobile", "Web", "Payments", "Risk", "Treasury", "Audit",
              "Investor Relations", "Partnerships", "Localization", "Documentation",
              "Research Lab \"North\"", "Field Service", "Warehouse", "Fleet", "Catering",
              "Executive Office"]
assert len(DEPT_NAMES) == 50
DEPTS = [{"type": "department", "id": 100 + 7 * i, "name": n} for i, n in enumerate(DEPT_NAMES)]
TAGS = ["remote", "oncall", "manager", "intern", "part-time", "contractor-converted",
        "relocated", "mentor", "security-cleared", "union", "überstunden", "équipe-b"]


def record(rng, i):
    r = rng.random
    name = FIRST[int(r() * len(FIRST))] + " " + LAST[int(r() * len(LAST))]
    if r() < 0.10:
        description = None
    else:
        words = [WORDS[int(r() * len(WORDS))] for _ in range(9 + int(r() * 22))]
        if r() < 0.40:  # quotes, backslashes, tabs, newlines, emoji, markup characters
            words.insert(1 + int(r() * (len(words) - 1)), SPECIALS[int(r() * len(SPECIALS))])
        description = " ".join(words)
        description = description[0].upper() + description[1:]
    dept = None if r() < 0.05 else dict(DEPTS[int(r() * len(DEPTS))])
    secondary = None if r() < 0.40 else DEPTS[int(r() * len(DEPTS))]["id"]
    year, month, day = 2010 + int(r() * 16), 1 + int(r() * 12), 1 + int(r() * 28)
    hh, mm, ss = int(r() * 24), int(r() * 60), int(r() * 60)
    created = "%04d-%02d-%02dT%02d:%02d:%02dZ" % (year, month, day, hh, mm, ss)
    salary = "%d.%02d" % (30000 + int(r() * 150000), int(r() * 2) * 50)
    tags = [TAGS[int(r() * len(TAGS))] for _ in range(int(r() * 5))]
    return {"type": "employee", "id": 1000000 + i, "name": name, "description": description,
            "dept": dept, "secondary_dept": secondary, "created_at": created,
            "salary": salary, "active": r() < 0.8, "tags": tags}


def xml_text(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def xml_leaf(name, value):
    if value is None:
        return "<%s/>" % name
    if isinstance(value, bool):
        value = "true" if value else "false"
    return "<%s>%s</%s>" % (name, xml_text(str(value)), name)


def xml_record(e):
    parts = ['<employee id="%d">' % e["id"], xml_leaf("type", e["type"]),
             xml_leaf("name", e["name"]), xml_leaf("description", e["description"])]
    d = e["dept"]
    parts.append("<dept/>" if d is None else
                 "<dept>%s%s</dept>" % (xml_leaf("id", d["id"]), xml_leaf("name", d["name"])))
    parts += [xml_leaf("secondary_dept", e["secondary_dept"]), xml_leaf("created_at", e["created_at"]),
              xml_leaf("salary", e["salary"]), xml_leaf("active", e["active"])]
    parts.append("<tags>%s</tags>" % "".join(xml_leaf("tag", t) for t in e["tags"]) if e["tags"] else "<tags/>")
    parts.append("</employee>")
    return "".join(parts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=float, default=100, help="size of the JSON file in MB (10^6 bytes)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=20261121)
    a = ap.parse_args()
    target = int(a.mb * 1_000_000)
    with open(__file__, "rb") as f:
        me = hashlib.sha256(f.read()).hexdigest()[:16]
    stamp_text = "gen.py %s %s mb=%s seed=%d\n" % (VERSION, me, a.mb, a.seed)
    stamp = os.path.join(a.out, ".stamp")
    names = ["employees.json", "employees.ndjson", "employees.xml"]
    if os.path.exists(stamp) and open(stamp).read() == stamp_text and \
            all(os.path.exists(os.path.join(a.out, n)) for n in names):
        print("data: %s is up to date (%s)" % (a.out, stamp_text.strip()))
        return
    os.makedirs(a.out, exist_ok=True)
    if os.path.exists(stamp):
        os.remove(stamp)
    rng = random.Random(a.seed)
    paths = {n: os.path.join(a.out, n) for n in names}
    with open(paths["employees.json"], "wb") as fj, open(paths["employees.ndjson"], "wb") as fn, \
            open(paths["employees.xml"], "wb") as fx:
        head = b'{"employees_list":[\n'
        fj.write(head)
        fx.write(b'<?xml version="1.0" encoding="UTF-8"?>\n<employees_list>\n')
        written, n = len(head), 0
        while True:
            e = record(rng, n)
            # One record in twenty spells its non-ASCII text as \uXXXX escapes (surrogate
            # pairs for emoji), so that the readers' escape decoding is exercised too.
            line = json.dumps(e, ensure_ascii=rng.random() < 0.05, separators=(",", ":")).encode()
            sep = b",\n" if n else b""
            fj.write(sep + line)
            fn.write(line + b"\n")
            fx.write(xml_record(e).encode() + b"\n")
            written += len(sep) + len(line)
            n += 1
            if written + 3 >= target:
                break
        fj.write(b"\n]}\n")
        fx.write(b"</employees_list>\n")
    with open(stamp, "w") as f:
        f.write(stamp_text)
    sizes = ", ".join("%s %.1f MB" % (k, os.path.getsize(p) / 1e6) for k, p in paths.items())
    print("data: %d records into %s (%s; %.0f bytes a JSON record)" % (n, a.out, sizes, written / n))


if __name__ == "__main__":
    sys.exit(main())
