"""Model deltas as the stores send them (docs/wire-api.md "Deltas"): a JSON Patch applied to the model a client
holds, and the whole `{version, model}` an answer stands for. Plain Python, so that the fault journeys (run
outside the browser tests' virtual environment) use it too."""

from __future__ import annotations

import copy


def whole(answer, held):
    """The whole `{version, model}` an answer of `store.state` or `store.next` stands for, to a client holding
    `held` (the whole `{version, model}` it had, or None): a whole answer (or None) is itself, a delta its patch
    applied to the model held. A delta from another version than the one held raises PatchFailed."""
    if not isinstance(answer, dict) or "patch" not in answer:
        return answer
    if held is None or held.get("version") != answer.get("baseVersion"):
        holding = None if held is None else held.get("version")
        raise PatchFailed(f"a delta from version {answer.get('baseVersion')}, but the version held is {holding}")
    return {"version": answer["version"], "model": apply_patch(held["model"], answer["patch"])}


class PatchFailed(Exception):
    pass


def _tokens(pointer: str) -> list[str]:
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        raise PatchFailed(f"not a JSON Pointer: {pointer}")
    return [token.replace("~1", "/").replace("~0", "~") for token in pointer[1:].split("/")]


def _parent(document, tokens: list[str]):
    for token in tokens[:-1]:
        try:
            document = document[int(token)] if isinstance(document, list) else document[token]
        except (KeyError, IndexError, ValueError, TypeError) as error:
            raise PatchFailed(f"nothing at {token}") from error
    return document


def apply_patch(document, patch: list[dict]):
    """A JSON Patch (RFC 6902) applied to a copy of `document`: the add, remove and replace that the stores make."""
    document = copy.deepcopy(document)
    for operation in patch:
        tokens = _tokens(operation.get("path", ""))
        op = operation.get("op")
        if not tokens:
            if op in ("add", "replace"):
                document = copy.deepcopy(operation["value"])
                continue
            raise PatchFailed(f"{op} of the whole document")
        parent, last = _parent(document, tokens), tokens[-1]
        try:
            if op == "add":
                if isinstance(parent, list):
                    parent.insert(len(parent) if last == "-" else int(last), operation["value"])
                else:
                    parent[last] = operation["value"]
            elif op == "remove":
                del parent[int(last) if isinstance(parent, list) else last]
            elif op == "replace":
                key = int(last) if isinstance(parent, list) else last
                parent[key]  # noqa: B018 - it must exist
                parent[key] = operation["value"]
            else:
                raise PatchFailed(f"the stores make no {op}")
        except (KeyError, IndexError, ValueError, TypeError) as error:
            raise PatchFailed(f"{op} at {operation.get('path')}") from error
    return document
