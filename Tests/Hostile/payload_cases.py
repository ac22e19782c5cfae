"""Hostile payloads and configs: prefixes of every sample and config, byte flips of the binary
plist, wrong-typed config nodes, XXE variants, deep nesting and invalid UTF-8. See run.py."""
import os
import plistlib

from support import EMPLOYEES, ROOT, Case

def prefix_lengths(size, count=10):
    """Every length up to 8, then `count` spread over the rest, and the whole."""
    lengths = set(range(0, min(size, 8)))
    for step in range(count):
        lengths.add(8 + (size - 8) * step // count)
    lengths.add(size)
    return sorted(n for n in lengths if 0 <= n <= size)


# The samples and a command that reads each (the command's other arguments are valid).
SAMPLES = [
    ("Samples/employees/employees.json", ["map", "-c", EMPLOYEES, "--path", "/employees"]),
    ("Samples/employees/departments.json", ["map", "-c", EMPLOYEES, "--path", "/departments"]),
    ("Samples/employees/employee-1234.json", ["map", "-c", EMPLOYEES, "--path", "/employees/1234"]),
    ("Samples/employees/employees.xml", ["map", "-c", EMPLOYEES, "--path", "/employees.xml"]),
    ("Samples/employees/departments.xml", ["map", "-c", EMPLOYEES, "--path", "/departments.xml"]),
    ("Samples/articles/articles.json", ["map", "-c", "Configs/articles.plist", "--path", "/articles"]),
    ("Samples/articles/error-422.json", ["map", "-c", "Configs/articles.plist", "--status", "422"]),
    ("Samples/articles/error-500.json", ["map", "-c", EMPLOYEES, "--status", "500"]),
    ("Samples/gists/gists.json", ["map", "-c", "Configs/gists.plist", "--path", "/gists"]),
    ("Samples/gists/gist-aa5a315d61ae9438b18d.json", ["map", "-c", "Configs/gists.plist", "--path", "/gists/aa5a315d61ae9438b18d"]),
    ("Samples/people/people.json", ["map", "-c", "Configs/people.json", "--path", "/people"]),
    ("Samples/people/by-number.ndjson", ["map", "-c", "Configs/people.json", "--path", "/people/by-number", "--format", "ndjson"]),
    ("Samples/hostile/billion-laughs.xml", ["map", "-c", EMPLOYEES, "--path", "/employees.xml"]),
    ("Samples/hostile/truncated.json", ["map", "-c", EMPLOYEES, "--path", "/employees"]),
    ("Samples/hostile/unclosed.xml", ["map", "-c", EMPLOYEES, "--path", "/employees.xml"]),
    ("Samples/hostile/xxe.xml", ["map", "-c", EMPLOYEES, "--path", "/employees.xml"]),
    ("Samples/requests/user-login.json", ["request", "-c", EMPLOYEES, "--path", "/user/auth"]),
    ("Samples/requests/user-logins.json", ["request", "-c", EMPLOYEES, "--path", "/user/auth", "--format", "form"]),
    ("Samples/requests/gist-response.json", ["map", "-c", "Configs/gists.plist", "--path", "/gists/aa5a315d61ae9438b18d"]),
    ("Samples/validation/employees-pages.ndjson", ["validate", "-c", EMPLOYEES, "--path", "/employees"]),
    ("Samples/validation/employee-not-found.json", ["map", "-c", EMPLOYEES, "--path", "/employees/9999", "--status", "404"]),
    ("Samples/validation/employee-without-id.json", ["validate", "-c", EMPLOYEES, "--path", "/employees/77"]),
    ("Samples/validation/employees-truncated.json", ["map", "-c", EMPLOYEES, "--path", "/employees"]),
    ("Samples/manifest.json", ["validate", "-c", EMPLOYEES, "--manifest"]),
]

CONFIGS = ["Configs/employees.plist", "Configs/employees-binary.bplist", "Configs/articles.plist",
           "Configs/gists.plist", "Configs/people.json", "Configs/Gists.xcdatamodeld/Gists.xcdatamodel/contents"]


def prefixes(work, restmap):
    cases = []
    for sample, command in SAMPLES:
        data = open(os.path.join(ROOT, sample), "rb").read()
        base = os.path.basename(sample)
        for length in prefix_lengths(len(data)):
            directory = os.path.join(work, "prefix", sample.replace("/", "_"), str(length))
            os.makedirs(directory)
            path = os.path.join(directory, base)
            with open(path, "wb") as handle:
                handle.write(data[:length])
            if command[-1] == "--manifest":
                # A manifest's prefix names samples beside it: give them their real files.
                for name in ("employees", "validation"):
                    os.symlink(os.path.join(ROOT, "Samples", name), os.path.join(directory, name))
            # validate reports a sample's errors in its report (stdout), not as diagnostics; a
            # 4xx/5xx status exits 1 by itself (its error records are the output).
            error = None if command[0] == "validate" or "--status" in command else "file"
            cases.append(Case(f"prefix {sample} [{length}]", command + [path], {0, 1, 2}, error=error))
    for config in CONFIGS:
        data = open(os.path.join(ROOT, config), "rb").read()
        model = config.endswith("contents")
        for length in prefix_lengths(len(data)):
            directory = os.path.join(work, "prefix", config.replace("/", "_"), str(length))
            os.makedirs(directory)
            path = os.path.join(directory, os.path.basename(config))
            with open(path, "wb") as handle:
                handle.write(data[:length])
            argv = ["check", "-c", "Configs/gists.plist", "--model", path] if model else ["check", "-c", path]
            cases.append(Case(f"prefix {config} [{length}]", argv, {0, 1, 2}, error="file"))
    return cases


def byte_flips(work, restmap):
    data = open(os.path.join(ROOT, "Configs/employees-binary.bplist"), "rb").read()
    directory = os.path.join(work, "flips")
    os.makedirs(directory)
    cases = []
    masks = [0xFF, 0x01, 0x80, 0x10]
    for index in range(0, len(data), 4):
        mask = masks[(index // 4) % len(masks)]
        flipped = bytearray(data)
        flipped[index] ^= mask
        path = os.path.join(directory, f"flip-{index}-{mask:02x}.bplist")
        with open(path, "wb") as handle:
            handle.write(bytes(flipped))
        cases.append(Case(f"bplist flip byte {index} ^ {mask:#04x}", ["check", "-c", path], {0, 1, 2}, error="file"))
    return cases


def wrong_types(work, restmap):
    """Every node of the employees config replaced by a value of another type."""
    with open(os.path.join(ROOT, EMPLOYEES), "rb") as handle:
        config = plistlib.load(handle)
    directory = os.path.join(work, "wrong-types")
    os.makedirs(directory)

    def paths(node, path=()):
        yield path
        if isinstance(node, dict):
            for key, child in node.items():
                yield from paths(child, path + (key,))
        elif isinstance(node, list):
            for index, child in enumerate(node):
                yield from paths(child, path + (index,))

    def replaced(node, path, value):
        if not path:
            return value
        copy = dict(node) if isinstance(node, dict) else list(node)
        copy[path[0]] = replaced(node[path[0]], path[1:], value)
        return copy

    def other(node):
        if isinstance(node, dict):
            return ["not", "a", "dictionary"]
        if isinstance(node, list):
            return {"not": "an array"}
        if isinstance(node, str):
            return 42
        if isinstance(node, bool):
            return "yes"
        if isinstance(node, (int, float)):
            return "12"
        return True

    cases = []
    for number, path in enumerate(paths(config)):
        node = config
        for step in path:
            node = node[step]
        mutated = replaced(config, path, other(node))
        binary = number % 5 == 4
        file = os.path.join(directory, f"node-{number}.{'bplist' if binary else 'plist'}")
        with open(file, "wb") as handle:
            plistlib.dump(mutated, handle, fmt=plistlib.FMT_BINARY if binary else plistlib.FMT_XML)
        label = "/".join(map(str, path)) or "(root)"
        cases.append(Case(f"wrong type at {label}{' (binary)' if binary else ''}", ["check", "-c", file], {0, 1, 2},
                          error="file" if binary else "line"))
        if number % 4 == 0:
            cases.append(Case(f"map with wrong type at {label}", ["map", "-c", file, "--path", "/employees",
                                                                   "Samples/employees/employees.json"], {0, 1, 2},
                              error="file"))
    return cases


def xxe(work, restmap):
    directory = os.path.join(work, "xxe")
    os.makedirs(directory)
    secret = os.path.join(directory, "secret.txt")
    canary = b"CANARY-3f9a1c"
    with open(secret, "wb") as handle:
        handle.write(canary)
    with open(os.path.join(directory, "evil.dtd"), "wb") as handle:
        handle.write(b'<!ENTITY % all "<!ENTITY leak SYSTEM \'file://' + secret.encode() + b'\'>">%all;')
    body = "<employees_list><employee><type>employee</type><id>1</id><name>{}</name></employee></employees_list>"
    variants = {
        "external general entity": f'<!DOCTYPE e [<!ENTITY x SYSTEM "file://{secret}">]>' + body.format("&x;"),
        "external parameter entity": f'<!DOCTYPE e [<!ENTITY % p SYSTEM "file://{directory}/evil.dtd"> %p;]>' + body.format("&leak;"),
        "external DTD": f'<!DOCTYPE employees_list SYSTEM "file://{directory}/evil.dtd">' + body.format("&leak;"),
        "entity in an attribute": f'<!DOCTYPE e [<!ENTITY x SYSTEM "file://{secret}">]>'
                                  '<employees_list><employee a="&x;"><type>employee</type><id>1</id></employee></employees_list>',
        "XInclude": '<employees_list xmlns:xi="http://www.w3.org/2001/XInclude"><employee><type>employee</type><id>1</id>'
                    f'<name><xi:include href="file://{secret}" parse="text"/></name></employee></employees_list>',
        "network entity": '<!DOCTYPE e [<!ENTITY x SYSTEM "http://127.0.0.1:9/leak">]>' + body.format("&x;"),
        "billion laughs": '<!DOCTYPE e [<!ENTITY a0 "lol">' + "".join(
            f'<!ENTITY a{i} "{("&a%d;" % (i - 1)) * 10}">' for i in range(1, 11)) + "]>" + body.format("&a10;"),
        "quadratic blowup": '<!DOCTYPE e [<!ENTITY a "' + "x" * 100_000 + '">]>' + body.format("&a;" * 20_000),
        "recursive entity": '<!DOCTYPE e [<!ENTITY a "&b;"><!ENTITY b "&a;">]>' + body.format("&a;"),
    }
    cases = []
    for label, text in variants.items():
        path = os.path.join(directory, label.replace(" ", "-") + ".xml")
        with open(path, "w") as handle:
            handle.write(text)
        cases.append(Case(f"XXE: {label}", ["map", "-c", EMPLOYEES, "--path", "/employees.xml", path], {0, 1},
                          error="file", forbidden=(canary,)))
        cases.append(Case(f"XXE: {label} (validate)", ["validate", "-c", EMPLOYEES, "--path", "/employees.xml", path],
                          {0, 1}, forbidden=(canary,)))
    return cases


def nesting(work, restmap):
    directory = os.path.join(work, "nesting")
    os.makedirs(directory)
    cases = []
    for depth in (1_000, 10_000, 10_001, 100_000, 1_000_000):
        deep = {
            "arrays": "[" * depth + "]" * depth,
            "objects": '{"a":' * depth + "1" + "}" * depth,
            "in a record": '{"employees_list":[{"type":"employee","id":1,"name":' + "[" * depth + "]" * depth + "}]}",
        }
        for label, text in deep.items():
            path = os.path.join(directory, f"{label.replace(' ', '-')}-{depth}.json")
            with open(path, "w") as handle:
                handle.write(text)
            error = "line" if depth > 10_000 else "file"
            cases.append(Case(f"JSON {label} {depth} deep (map)", ["map", "-c", EMPLOYEES, "--path", "/employees", path],
                              {0, 1} if depth <= 10_000 else {1}, error=error))
            cases.append(Case(f"JSON {label} {depth} deep (request)", ["request", "-c", EMPLOYEES, "--path", "/user/auth", path],
                              {0, 1}, error=error))
            cases.append(Case(f"JSON {label} {depth} deep (validate)", ["validate", "-c", EMPLOYEES, "--path", "/employees", path],
                              {0, 1}))
        path = os.path.join(directory, f"xml-{depth}.xml")
        with open(path, "w") as handle:
            handle.write("<a>" * depth + "</a>" * depth)
        # libxml2 refuses XML nested deeper than 2,048 levels (SPEC §2).
        cases.append(Case(f"XML {depth} deep", ["map", "-c", EMPLOYEES, "--path", "/employees.xml", path], {1},
                          error="line" if depth > 2048 else "file"))
    return cases


def invalid_utf8(work, restmap):
    directory = os.path.join(work, "utf8")
    os.makedirs(directory)
    bad = {"lone FF": b"\xff", "truncated pair": b"\xc3", "surrogate": b"\xed\xa0\x80", "overlong slash": b"\xc0\xaf",
           "beyond U+10FFFF": b"\xf4\x90\x80\x80", "truncated triple": b"\xe2\x82"}
    cases = []
    for label, sequence in bad.items():
        slug = label.replace(" ", "-")
        documents = {
            "JSON value": (b'{"employees_list":[{"type":"employee","id":1,"name":"a' + sequence + b'b"}]}', "/employees"),
            "JSON key": (b'{"employees_list":[{"type":"employee","id":1,"n' + sequence + b'":"x"}]}', "/employees"),
            "XML text": (b"<employees_list><employee><type>employee</type><id>1</id><name>a" + sequence
                         + b"</name></employee></employees_list>", "/employees.xml"),
            "XML attribute": (b'<employees_list><employee n="' + sequence + b'"><type>employee</type><id>1</id>'
                              b"</employee></employees_list>", "/employees.xml"),
        }
        for where, (data, path_mapping) in documents.items():
            path = os.path.join(directory, f"{slug}-{where.replace(' ', '-')}")
            with open(path, "wb") as handle:
                handle.write(data)
            cases.append(Case(f"invalid UTF-8 ({label}) in a {where}", ["map", "-c", EMPLOYEES, "--path", path_mapping, path],
                              {1}, error="line"))
        config = open(os.path.join(ROOT, EMPLOYEES), "rb").read().replace(b"<string>employees_list</string>",
                                                                           b"<string>employees" + sequence + b"</string>", 1)
        path = os.path.join(directory, f"{slug}-config.plist")
        with open(path, "wb") as handle:
            handle.write(config)
        cases.append(Case(f"invalid UTF-8 ({label}) in a plist config", ["check", "-c", path], {0, 1, 2}, error="line"))
        request = os.path.join(directory, f"{slug}-request.json")
        with open(request, "wb") as handle:
            handle.write(b'{"username":"' + sequence + b'","password":"x"}')
        cases.append(Case(f"invalid UTF-8 ({label}) in a request", ["request", "-c", EMPLOYEES, "--path", "/user/auth", request],
                          {1}, error="line"))
    return cases


def injection(work, restmap):
    """Payload keys, values and config names carrying a newline, a workflow command and a
    terminal escape: every report format and every message prints them escaped, so no line
    of output starts a CI workflow command and no raw control character reaches a terminal."""
    directory = os.path.join(work, "injection")
    os.makedirs(directory)
    payload = os.path.join(directory, "inj.json")
    with open(payload, "wb") as handle:
        handle.write(b'{"employees_list":[{"type":"employee","id":1,"name":"a\\u0001",'
                     b'"x\\n::warning::INJECTED\\u001b[31mRED":1}]}')
    config = os.path.join(directory, "config.json")
    with open(config, "wb") as handle:
        handle.write(b'{"entity_attribute_mappings": {"E\\n::error::NAMED\\u001b[0m": {"id": "id"}},'
                     b' "path_mappings": [{"uri": "/e", "matchers": [{"entity_name": "Missing\\n::error::X"}]}]}')
    forbidden = (b"\x1b", b"\x01", b"\n::warning::INJECTED", b"\n::error::NAMED", b"\n::error::X")
    cases = []
    for report in ["text", "json", "junit", "github", "sarif", "html", "markdown", "codeclimate"]:
        cases.append(Case(f"injection: validate --report {report}",
                          ["validate", "-c", EMPLOYEES, "--report", report, "/employees=" + payload], {0, 1},
                          forbidden=forbidden))
    cases.append(Case("injection: map", ["map", "-c", EMPLOYEES, "/employees=" + payload], {0, 1}, forbidden=(b"\x1b[31m",)))
    breakout = os.path.join(directory, "breakout.json")
    with open(breakout, "wb") as handle:
        handle.write(b'{"employees_list":[{"type":"employee","id":1,"x--><key>pwned_section</key><string>1</string><!--":1}]}')
    cases.append(Case("injection: validate --suggest comment breakout",
                      ["validate", "-c", EMPLOYEES, "--suggest", "/employees=" + breakout], {0, 1},
                      check=comments_hold_no_double_hyphen))
    cases.append(Case("injection: check of config names", ["check", "-c", config], {1}, error="line", forbidden=forbidden))
    for report in ["sarif", "json", "junit", "github", "markdown", "codeclimate"]:
        cases.append(Case(f"injection: check --report {report} of config names", ["check", "-c", config, "--report", report], {1},
                          forbidden=forbidden))
    return cases


def comments_hold_no_double_hyphen(result):
    """A comment line of a suggestion never holds '--' inside it (it would end early)."""
    for line in result.stdout.splitlines():
        if line.startswith(b"<!--") and b"--" in line[4:-3]:
            return "a suggestion comment holds '--': " + line.decode("utf-8", "replace")
    return None


def shard_shares(work, restmap):
    """`--shard` with more shards than objects: a shard whose share of an input is empty (or
    of every input) exits 0 with an empty result; one that gets something maps it."""
    cases = []
    inputs = {
        "JSON": ["/employees=Samples/employees/employees.json"],
        "NDJSON": ["--input-format", "ndjson", "/employees=Samples/validation/employees-pages.ndjson"],
        "XML": ["/employees.xml=Samples/employees/employees.xml"],
        "two inputs": ["/employees=Samples/employees/employees.json", "/departments=Samples/employees/departments.json"],
    }
    for label, arguments in inputs.items():
        for shard in ("1/40", "40/40"):
            cases.append(Case(f"shards: {label}, share {shard}",
                              ["map", "-c", EMPLOYEES, "--shape", "records", "--compact", "--shard", shard] + arguments, {0},
                              check=lambda r: None if r.stdout.startswith(b"{") else "no records document"))
    return cases
