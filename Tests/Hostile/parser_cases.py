"""The parser-hardening cases: a binary-plist shared-reference bomb (4), 400k
attributes on one element and 100k namespace declarations (5), a plist config on one long
line (6), a 100k-deep record written as a plist (8), NDJSON error locations however the
bytes arrive (9), and UTF-16 XML with a byte-order mark."""
import os
import subprocess
import time

from support import EMPLOYEES, ROOT, Case, reap, spawn

def parser_hardening(work, restmap):
    where = os.path.join(work, "parser")
    os.makedirs(where)
    cases = []
    # 4: a binary plist whose objects each reference the next twice, 64 levels deep.
    levels = 64
    objects = []
    for level in range(levels):
        objects.append(bytes([0xA2, level + 1, level + 1]))    # array of two references to the next
    objects.append(b"\x51a")                                       # the string "a"
    offsets, body = [], b"bplist00"
    for obj in objects:
        offsets.append(len(body))
        body += obj
    table = len(body)
    body += b"".join(offset.to_bytes(2, "big") for offset in offsets)
    trailer = bytes(6) + bytes([2, 1]) + len(objects).to_bytes(8, "big") + (0).to_bytes(8, "big") + table.to_bytes(8, "big")
    path = os.path.join(where, "shared-references.bplist")
    with open(path, "wb") as handle:
        handle.write(body + trailer)
    cases.append(Case("parser: binary plist shared-reference bomb", ["check", "-c", path], {1, 2}, error="file"))
    # 5: 400k attributes on one element; 100k namespace declarations.
    path = os.path.join(where, "attributes.xml")
    with open(path, "w") as handle:
        handle.write("<employees_list><employee" + "".join(f' a{i}="{i}"' for i in range(400_000))
                     + "><type>employee</type><id>1</id><name>x</name></employee></employees_list>")
    cases.append(Case("parser: 400k XML attributes", ["map", "-c", EMPLOYEES, "--path", "/employees.xml", path], {0, 1}, error="line"))
    path = os.path.join(where, "namespaces.xml")
    with open(path, "w") as handle:
        handle.write("<employees_list" + "".join(f' xmlns:n{i}="u{i}"' for i in range(100_000)) + "/>")
    cases.append(Case("parser: 100k xmlns declarations", ["map", "-c", EMPLOYEES, "--path", "/employees.xml", path], {0, 1}, error="file"))
    # 6: 40k plist values on one line.
    path = os.path.join(where, "long-line.plist")
    with open(path, "w") as handle:
        handle.write("<plist><dict><key>entity_attribute_mappings</key><dict><key>E</key><dict><key>a</key><string>a</string>"
                     "</dict></dict><key>zzz</key><array>" + "<string>x</string>" * 40_000 + "</array></dict></plist>")
    cases.append(Case("parser: a plist config on one long line", ["check", "-q", "-c", path], {0, 1, 2}))
    # 8: a 100k-deep record written as a plist.
    path = os.path.join(where, "deep-record.json")
    depth = 100_000
    with open(path, "w") as handle:
        handle.write('{"employees_list":[{"type":"employee","id":1,"name":' + '{"a":' * depth + "1" + "}" * depth + "}]}")
    cases.append(Case("parser: deep plist output", ["map", "-c", EMPLOYEES, "--path", "/employees", "--max-depth", "2000000",
                                                     "--format", "plist", path], {0, 1}, rss=1024))
    # UTF-16 XML with a byte-order mark, read as XML in auto mode.
    path = os.path.join(where, "utf16.xml")
    with open(path, "wb") as handle:
        handle.write(open(os.path.join(ROOT, "Samples/employees/employees.xml"), encoding="utf-8").read().encode("utf-16"))
    cases.append(Case("parser: UTF-16 XML with a BOM", ["map", "-c", EMPLOYEES, "--path", "/employees.xml", path], {0}))
    # 9: NDJSON error locations do not depend on how the bytes arrive (file, or a pipe fed in
    # two parts with a pause between them).
    text = b'{\n "employees_list": [], "name": "IT", "employees_list": []}\n  ]\n}\n'
    path = os.path.join(where, "dup.ndjson")
    with open(path, "wb") as handle:
        handle.write(text)
    argv = ["map", "-c", EMPLOYEES, "--input-format", "ndjson", "--path", "/employees"]
    expected = [b":2:38: error:", b":3:3: error: unexpected character ']'", b":4:1: error: unexpected character '}'"]

    def located(result):
        missing = [line for line in expected if line not in result.stderr]
        return f"missing {missing}" if missing else None

    def in_two_parts(case, restmap):
        process, out, err = spawn(restmap, case, stdin=subprocess.PIPE)
        process.stdin.write(text[:20])
        process.stdin.flush()
        time.sleep(0.2)
        process.stdin.write(text[20:])
        process.stdin.close()
        return reap(process, out, err)
    cases.append(Case("parser: NDJSON locations, from a file", argv + [path], {1}, error="line", check=located))
    cases.append(Case("parser: NDJSON locations, from a pipe in two parts", argv + ["-"], {1}, error="line", check=located,
                      action=in_two_parts))
    return cases


def linear_cost(work, restmap):
    """Work linear in the input: `init` over one object with 100k distinct keys (it compared
    each key with every earlier one: 14 s at 100k)."""
    where = os.path.join(work, "linear")
    os.makedirs(where)
    path = os.path.join(where, "keys.json")
    with open(path, "w") as handle:
        handle.write('{"items": [{' + ", ".join(f'"k{i}": {i}' for i in range(100_000)) + "}]}")
    output = os.path.join(where, "sketch.plist")
    cases = [Case("linear: init over 100k distinct keys", ["init", path, "-o", output], {0}, cpu=6, rss=300)]
    # `request --format xml` of a client object nested 9,000 deep: indentation and a pointer
    # string per element made it 162 MB of output in 3 s.
    config = os.path.join(where, "request.json")
    with open(config, "w") as handle:
        handle.write('{"request_mappings": [{"uri": "/things", "class_name": "Thing", "root_keypath": "thing",'
                     ' "attribute_mappings": {"data": "data"}}]}')
    deep = os.path.join(where, "deep.json")
    with open(deep, "w") as handle:
        handle.write('{"data": ' + '{"a": ' * 9000 + "1" + "}" * 9000 + "}")
    def small_output(result):
        return None if len(result.stdout) < 8_000_000 else f"{len(result.stdout)} bytes of XML for 9,000 levels"
    cases.append(Case("linear: request --format xml 9,000 levels deep", ["request", "-c", config, "--path", "/things",
                                                                          "--format", "xml", deep], {0}, cpu=3, rss=200,
                      check=small_output))
    return cases
