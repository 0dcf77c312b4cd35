"""The API contract checked on real traffic: every JSON-RPC exchange and every SSE model that a page (or a test
over JSON-RPC) sees is validated against the OpenRPC document the Gateway serves, with `jsonschema`.

A page records its traffic with RECORDER (installed before any script of the page runs); `install` puts it into
a driver and `drain` collects what it recorded. `Contract.check` validates one exchange: the params of the call
against the method's params, the result against its result schema, a server error's data against ErrorData, a
dispatched action against the action schema of the store it went to, and every model against the model schema
its mount method names under `x-store`. A delta (`ModelDelta`, what `store.next` answers by default, or an SSE
`patch` event) is applied to the model of its base version seen before, and the model it gives is validated too.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from dataclasses import dataclass, field

from jsonschema import Draft7Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT7

from model_deltas import PatchFailed, apply_patch

DOCUMENT_URI = "urn:folio:openrpc"

RECORDER = r"""
(() => {
  if (window.__folioContract) return;
  window.__folioContract = [];
  const record = (entry) => window.__folioContract.push(entry);
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input.url;
    const response = await originalFetch(input, init);
    if (new URL(url, location.href).pathname === '/rpc') {
      let request = null;
      try { request = JSON.parse(init.body); } catch (e) {}
      response.clone().text().then((text) => {
        let answer = null;
        try { answer = JSON.parse(text); } catch (e) {}
        record({ kind: 'rpc', request, answer });
      });
    }
    return response;
  };
  const Original = window.EventSource;
  if (typeof Original === 'function') {
    window.EventSource = class extends Original {
      constructor(url, options) {
        super(url, options);
        const storeId = new URL(url, location.href).searchParams.get('storeId');
        for (const name of ['state', 'patch']) {
          this.addEventListener(name, (event) => {
            let data = null;
            try { data = JSON.parse(event.data); } catch (e) {}
            record({ kind: 'sse', storeId, data });
          });
        }
      }
    };
  }
})();
"""


def install(driver) -> None:
    """Records the page's JSON-RPC exchanges and SSE models from the next page on; `driver.get` and
    `driver.quit` collect what the page recorded first, so nothing is lost to a navigation."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
    driver.contract_entries = []
    original_get, original_quit = driver.get, driver.quit

    def get(url):
        drain(driver)
        original_get(url)

    def quit():
        drain(driver)
        original_quit()

    driver.get, driver.quit = get, quit


def drain(driver) -> list[dict]:
    """Moves what the page recorded so far into `driver.contract_entries` (a closed window has nothing)."""
    try:
        recorded = driver.execute_script(
            "const e = window.__folioContract || []; window.__folioContract = []; return JSON.stringify(e);"
        )
        driver.contract_entries.extend(json.loads(recorded or "[]"))
    except Exception:  # noqa: BLE001 - a page that is gone recorded nothing more
        pass
    return driver.contract_entries


def _absolute(schema):
    """The schema with its `#/components/...` references made absolute, so it validates on its own."""
    if isinstance(schema, dict):
        return {
            key: (DOCUMENT_URI + value if key == "$ref" and value.startswith("#/") else _absolute(value))
            for key, value in schema.items()
        }
    if isinstance(schema, list):
        return [_absolute(item) for item in schema]
    return schema


@dataclass
class Contract:
    """The OpenRPC document of the Gateway, ready to validate traffic."""

    document: dict
    store_of: dict[str, str] = field(default_factory=dict)  # storeId -> mount method
    checked: Counter = field(default_factory=Counter)  # what was validated, by kind and schema name
    models: dict = field(default_factory=dict)  # storeId -> {version: model}, to apply deltas to
    deltas: list = field(default_factory=list)  # (storeId, delta, where) waiting for their base model

    def __post_init__(self):
        resource = Resource(contents=self.document, specification=DRAFT7)
        self.registry = Registry().with_resource(DOCUMENT_URI, resource)
        self.methods = {method["name"]: method for method in self.document["methods"]}
        self._validators: dict[str, Draft7Validator] = {}

    def schema(self, name: str) -> dict:
        return self.document["components"]["schemas"][name]

    def validator(self, schema: dict) -> Draft7Validator:
        key = json.dumps(schema, sort_keys=True)
        if key not in self._validators:
            self._validators[key] = Draft7Validator(_absolute(copy.deepcopy(schema)), registry=self.registry)
        return self._validators[key]

    def violations(self, value, schema: dict, where: str) -> list[str]:
        return [
            f"{where}: {error.message} at {'/'.join(map(str, error.absolute_path)) or '(root)'}"
            for error in self.validator(schema).iter_errors(value)
        ]

    def store_schema(self, store_id: str | None, role: str) -> tuple[str, dict] | None:
        """The `x-store` model or action schema of the store `store_id` was mounted as, once its mount was seen."""
        mount = self.store_of.get(store_id or "")
        if mount is None:
            return None
        reference = self.methods[mount]["x-store"][role]
        return reference["$ref"].rsplit("/", 1)[-1], reference

    def check_model(self, store_id: str | None, versioned, where: str) -> list[str]:
        if isinstance(versioned, dict) and "patch" in versioned:
            self.deltas.append((store_id, versioned, where))
            found = self.violations(versioned, {"$ref": "#/components/schemas/ModelDelta"}, where)
            self.checked["ModelDelta"] += 1
            return found
        found = self.violations(versioned, {"$ref": "#/components/schemas/VersionedModel"}, where)
        if isinstance(versioned, dict) and isinstance(versioned.get("version"), int):
            self.models.setdefault(store_id, {})[versioned["version"]] = versioned.get("model")
        named = self.store_schema(store_id, "model")
        if named is not None and isinstance(versioned, dict):
            name, reference = named
            found += self.violations(versioned.get("model"), reference, f"{where} ({name})")
            self.checked[f"model {name}"] += 1
        return found

    def check(self, entry: dict) -> list[str]:
        """Every way one recorded exchange breaks the contract."""
        if entry.get("kind") == "sse":
            return self.check_model(entry.get("storeId"), entry.get("data"), "SSE state")
        request, answer = entry.get("request") or {}, entry.get("answer") or {}
        name = request.get("method")
        method = self.methods.get(name)
        if method is None:
            return []  # an unknown method is the Gateway's to refuse, and its error is checked by tests of its own
        where = name
        found: list[str] = []
        params = request.get("params") or {}
        if isinstance(params, dict):
            for param in method["params"]:
                if param["name"] in params:
                    found += self.violations(params[param["name"]], param["schema"], f"{where} params.{param['name']}")
        if name == "store.dispatch" and isinstance(params, dict):
            named = self.store_schema(params.get("storeId"), "action")
            if named is not None:
                action, reference = named
                found += self.violations(params.get("action"), reference, f"{where} action ({action})")
                self.checked[f"action {action}"] += 1
        if "error" in answer:
            error = answer["error"]
            if isinstance(error, dict) and -32099 <= error.get("code", 0) <= -32000 and "data" in error:
                found += self.violations(error["data"], {"$ref": "#/components/schemas/ErrorData"}, f"{where} error")
            return found
        if "result" not in answer:
            return found + [f"{where}: an answer with neither result nor error: {answer}"]
        result = answer["result"]
        found += self.violations(result, method["result"]["schema"], f"{where} result")
        self.checked[f"result {name}"] += 1
        if "x-store" in method and isinstance(result, dict) and "storeId" in result:
            self.store_of[result["storeId"]] = name
        if name in ("store.state", "store.next") and result is not None:
            found += self.check_model(params.get("storeId"), result, f"{where} result")
        return found

    def check_all(self, entries: list[dict]) -> list[str]:
        found: list[str] = []
        for entry in entries:
            found += self.check(entry)
        return found + self.check_deltas()

    def check_deltas(self) -> list[str]:
        """Applies every delta to the model of its base version (recorded in any order: a fetch's answer is
        recorded when its body is read) and validates the model it gives."""
        found: list[str] = []
        waiting = sorted(self.deltas, key=lambda item: (str(item[0]), item[1].get("baseVersion", -1)))
        self.deltas = []
        for store_id, delta, where in waiting:
            base = self.models.get(store_id, {}).get(delta.get("baseVersion"))
            if base is None:
                found.append(f"{where}: a delta from version {delta.get('baseVersion')}, never seen whole or patched")
                continue
            try:
                model = apply_patch(base, delta["patch"])
            except PatchFailed as failure:
                found.append(f"{where}: the delta does not apply to version {delta.get('baseVersion')}: {failure}")
                continue
            found += self.check_model(store_id, {"version": delta["version"], "model": model}, f"{where} (patched)")
        return found


def models(entries: list[dict]) -> list[dict]:
    """Every model a page received, in the order recorded, as `{storeId, version, model}`: the whole ones of
    `store.state`, `store.next` and SSE `state` events, and those a delta (an SSE `patch` event or a `store.next`
    answer with `patch`) gives applied to the model of its base version received before. A delta whose base was
    not received is left out."""
    seen: dict = {}
    found: list[dict] = []
    for entry in entries:
        if entry.get("kind") == "sse":
            store_id, state = entry.get("storeId"), entry.get("data")
        elif (entry.get("request") or {}).get("method") in ("store.state", "store.next"):
            store_id = ((entry.get("request") or {}).get("params") or {}).get("storeId")
            state = (entry.get("answer") or {}).get("result")
        else:
            continue
        if not isinstance(state, dict) or not isinstance(state.get("version"), int):
            continue
        if "patch" in state:
            base = seen.get(store_id, {}).get(state.get("baseVersion"))
            if base is None:
                continue
            try:
                model = apply_patch(base, state["patch"])
            except PatchFailed:
                continue
        else:
            model = state.get("model")
        seen.setdefault(store_id, {})[state["version"]] = model
        found.append({"storeId": store_id, "version": state["version"], "model": model})
    return found
