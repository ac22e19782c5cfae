#!/usr/bin/env python3
"""A ceiling for `make bench`: simdjson's parse of FILE (PyPI pysimdjson, simdjson's DOM
parser), with no mapping and no output — the practical upper bound of JSON parsing here.

  simdjson_parse.py FILE
"""
import sys

import simdjson

with open(sys.argv[1], "rb") as f:
    data = f.read()
document = simdjson.Parser().parse(data)
# Touch the top level so the parse cannot be lazy about it; prints nothing.
len(document)
