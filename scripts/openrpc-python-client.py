#!/usr/bin/env python3
"""Generates a typed Python client of the Gateway from its OpenRPC document (docs/wire-api.md, "A typed client").

    scripts/openrpc-python-client.py http://127.0.0.1:8080 out/
    -> out/python/folio-host-http-client/folio_host_http_client/{client,models}.py

The methods come from openrpcclientgenerator (PyPI); the models from datamodel-code-generator (PyPI), because
the first writes classes only for object and enum schemas, while store models are full of `oneOf` unions
({type, value} enums). Needs: pip install openrpcclientgenerator datamodel-code-generator jsonrpc2-pyclient
py-undefined. The client sends params by their Python (snake_case) names, so call methods whose params are one
word (or none) with it, or pass camelCase params through its transport.
"""

from __future__ import annotations

import json
import keyword
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

from openrpc import OpenRPC
from openrpcclientgenerator import Language, generate


def fetch_document(gateway_url: str) -> dict:
    with urllib.request.urlopen(gateway_url.rstrip("/") + "/openrpc.json", timeout=15) as response:
        return json.load(response)


def models_source(document: dict) -> str:
    """Pydantic models of every component schema, named as in the document, fields snake_case with aliases."""
    definitions = json.dumps({"$defs": document["components"]["schemas"]}).replace(
        "#/components/schemas/", "#/$defs/"
    )
    with tempfile.TemporaryDirectory() as directory:
        schema, output = Path(directory, "schemas.json"), Path(directory, "models.py")
        schema.write_text(definitions)
        command = [
            sys.executable, "-m", "datamodel_code_generator", "--input", str(schema),
            "--input-file-type", "jsonschema", "--output", str(output),
            "--output-model-type", "pydantic_v2.BaseModel", "--snake-case-field", "--disable-timestamp",
            "--formatters", "black",
        ]
        finished = subprocess.run(command, capture_output=True, text=True)
        if finished.returncode != 0:
            raise SystemExit(f"datamodel-code-generator failed:\n{finished.stderr}")
        return output.read_text()


def without_keyword_properties(value):
    """The document with object properties named like a Python keyword (JSON Patch's `from`) renamed (`fromField`):
    openrpcclientgenerator writes them as field names as they are (and drops a trailing `_`), which is no Python. Only its own
    models see the renamed copy, and they are replaced by datamodel-code-generator's, which alias such fields."""
    if isinstance(value, dict):
        renamed = {key: without_keyword_properties(item) for key, item in value.items()}
        if isinstance(renamed.get("properties"), dict):
            renamed["properties"] = {
                (f"{key}Field" if keyword.iskeyword(key) else key): item for key, item in renamed["properties"].items()
            }
        return renamed
    if isinstance(value, list):
        return [without_keyword_properties(item) for item in value]
    return value


def generate_client(document: dict, gateway_url: str, out: Path) -> Path:
    """Writes the client package under `out`; returns the directory to put on sys.path."""
    name = generate(
        OpenRPC.model_validate(without_keyword_properties(document)), Language.PYTHON,
        gateway_url.rstrip("/") + "/rpc", out)
    root = out / "python" / name
    package = root / name.replace("-", "_")
    (package / "models.py").write_text(models_source(document))
    return root


def main() -> None:
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    gateway_url, out = sys.argv[1], Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    root = generate_client(fetch_document(gateway_url), gateway_url, out)
    print(f"client written to {root}")


if __name__ == "__main__":
    main()
