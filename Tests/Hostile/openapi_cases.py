"""OpenAPI documents from outside (`init`, `check` and `validate --openapi`): alias bombs,
deep nesting, oversized, not UTF-8, binary, `$ref`s that reach for other files or the
network or loop, and a huge example. Each is refused with a located error (exit 2), or
read within the usual bounds, and never shows a file it was not given."""
import os
import re

from support import EMPLOYEES, Case

CANARY = b"CANARY-openapi-7d21"


def openapi_documents(work, restmap):
    where = os.path.join(work, "openapi", "api")
    os.makedirs(where)
    with open(os.path.join(work, "openapi", "secret.yaml"), "wb") as handle:
        handle.write(b"Pet: {type: object, properties: {" + CANARY + b": {type: string}}}\n")
    head = "openapi: 3.0.3\ninfo: {title: hostile, version: '1'}\n"
    def write(name, data):
        path = os.path.join(where, name)
        with open(path, "wb") as handle:
            handle.write(data if isinstance(data, bytes) else data.encode())
        return path
    def refers(target):
        return head + ("paths:\n  /pets:\n    get:\n      responses:\n        '200':\n          content:\n"
                       f"            application/json:\n              schema: {{$ref: '{target}'}}\n")
    os.symlink(os.path.join(work, "openapi", "secret.yaml"), os.path.join(where, "link.yaml"))
    cases = []
    bomb = head + "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]\n" for i in range(1, 10))
    documents = {
        "alias bomb": (write("bomb.yaml", bomb), "line"),
        "200k nested brackets": (write("deep.yaml", head + "x: " + "[" * 200_000 + "]" * 200_000 + "\n"), "line"),
        "larger than 16 MiB": (write("big.yaml", head + "x: '" + "y" * (17 << 20) + "'\n"), "file"),
        "invalid UTF-8": (write("latin1.yaml", head.encode() + b"x: caf\xe9\n"), "line"),
        "binary": (write("binary.yaml", bytes(range(256)) * 64), "line"),
        "$ref to an absolute path": (write("absolute.yaml", refers(os.path.join(work, "openapi", "secret.yaml") + "#/Pet")), "line"),
        "$ref out of its folder": (write("escape.yaml", refers("../secret.yaml#/Pet")), "line"),
        "$ref through a link out of its folder": (write("linked.yaml", refers("link.yaml#/Pet")), "line"),
        "$ref to the network": (write("remote.yaml", refers("http://127.0.0.1:9/pet.yaml#/Pet")), "line"),
        "$ref loop": (write("loop.yaml", refers("#/components/schemas/A") + "components:\n  schemas:\n    A: {$ref: '#/components/schemas/B'}\n"
                                                                    "    B: {$ref: '#/components/schemas/A'}\n"), "line"),
    }
    for label, (path, error) in documents.items():
        cases.append(Case(f"openapi: init, {label}", ["init", "--openapi", path], {2}, error=error, forbidden=(CANARY,)))
        cases.append(Case(f"openapi: check, {label}", ["check", "-c", EMPLOYEES, "--openapi", path], {2}, error=error,
                          forbidden=(CANARY,)))
    # A 20k-element example: validated within the usual bounds, its findings located in the
    # document (in the report, on standard output).
    example = write("example.yaml", head + "paths:\n  /employees:\n    get:\n      responses:\n        '200':\n"
                    "          content:\n            application/json:\n              example:\n"
                    "                employees_list:\n" + "                  - {type: employee, id: x, name: n}\n" * 20_000)
    cases.append(Case("openapi: validate, a 20k-element example", ["validate", "-c", EMPLOYEES, "--openapi", example], {1},
                      check=lambda result: None if re.search(rb"example\.yaml:\d+:\d+: error: ", result.stdout)
                      else "the report locates no error in the document"))
    return cases
