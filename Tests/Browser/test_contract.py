"""The OpenRPC document as the tools of its ecosystem use it: every schema in it is a valid JSON Schema, a typed
Python client generated from it (openrpcclientgenerator, from PyPI) imports and calls the Gateway, and a
journey over plain JSON-RPC keeps the contract in every call it makes and every reply it gets.

Every browser journey is checked against the same document too: conftest validates the traffic of each page
(contract.py)."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
import time

from jsonschema import Draft7Validator

from model_deltas import whole
from stack import ROOT, http


def client_generator():
    """scripts/openrpc-python-client.py as a module."""
    spec = importlib.util.spec_from_file_location("openrpc_python_client", ROOT / "scripts" / "openrpc-python-client.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_schema_of_the_document_is_a_valid_json_schema(contract):
    schemas = contract.document["components"]["schemas"]
    for name, schema in schemas.items():
        Draft7Validator.check_schema(schema)
    for method in contract.document["methods"]:
        for param in method["params"]:
            Draft7Validator.check_schema(param["schema"])
        Draft7Validator.check_schema(method["result"]["schema"])


def test_every_mount_method_names_a_model_and_an_action_schema_that_exist(contract):
    schemas = contract.document["components"]["schemas"]
    mounts = [m for m in contract.document["methods"] if m["name"].endswith((".mount", ".mountList"))]
    stores = {m["name"]: m["x-store"] for m in mounts if "x-store" in m}
    assert set(stores) == {
        "example.mount", "auth.mount", "session.mount", "inquiry.mount", "vault.mount", "documents.mountList", "documents.mount"
    }
    for store in stores.values():
        for role in ("model", "action"):
            assert store[role]["$ref"].rsplit("/", 1)[-1] in schemas, store


def test_a_python_client_generated_from_the_document_imports_and_calls_the_gateway(stack, contract, tmp_path):
    package = client_generator().generate_client(contract.document, stack.gateway_url, tmp_path)
    sys.path.insert(0, str(package))
    try:
        client_class = importlib.import_module("folio_host_http_client.client").FolioHostClient

        async def calls():
            public = client_class(headers={})
            health = await public.inquiry.health()
            created = stack.rpc("runtime.create", {"organizationId": "org-demo"})["result"]
            authorized = client_class(headers={"Authorization": f"Bearer {created['token']}"})
            changed = await authorized.runtime.set_locale(locale="de")
            return health, changed

        health, changed = asyncio.run(calls())
    finally:
        sys.path.remove(str(package))
    assert health.service == "inquiry" and health.database.value == "ok", health
    assert changed is None


class Journey:
    """A thin client over plain JSON-RPC whose every exchange goes through the contract's checks."""

    def __init__(self, stack, contract, token: str | None = None):
        self.stack, self.contract, self.token, self.violations = stack, contract, token, []
        # The last whole `{version, model}` followed, by store: store.next answers later ones as patches from it.
        self.held: dict[str, dict] = {}

    def call(self, method: str, params: dict | None = None):
        request = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params or {}}
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        answer = http("POST", self.stack.gateway_url + "/rpc", request, headers, timeout=40)[2]
        self.violations += self.contract.check({"kind": "rpc", "request": request, "answer": answer})
        assert "error" not in answer, f"{method}: {answer}"
        return answer["result"]

    def follow(self, store: str, until, after: int = -1, seconds: float = 20):
        """store.next until `until(model)` holds: the model and its version. A delta is applied to the model
        held; a journey that holds no model of `after` asks for the whole one (`delta: false`)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            held = self.held.get(store)
            if held is not None and held["version"] != after:
                held = None
            params = {"storeId": store, "afterVersion": after, "timeoutMs": 5000}
            if held is None:
                params["delta"] = False
            state = whole(self.call("store.next", params), held)
            assert state is not None, "the store closed"
            self.held[store] = state
            after = state["version"]
            if until(state["model"]):
                return state["model"], after
        raise AssertionError(f"{store} never showed what the test waits for")


def test_a_guest_vault_journey_over_json_rpc_keeps_the_contract(stack, contract):
    journey = Journey(stack, contract)
    journey.token = journey.call("runtime.create", {"organizationId": "org_bluebank"})["token"]
    session = journey.call("session.mount")["storeId"]
    journey.follow(session, lambda model: model["identity"]["type"] == "TRANSIENT")
    vault = journey.call("vault.mount")["storeId"]
    first = journey.call("store.state", {"storeId": vault})
    # The store reads its vault as soon as it is mounted, so this first look may come after that read: a new
    # store's version 0 is checked where no client races it (StoreHostTests.testNewStoreIsIdleAtVersionZero).
    assert isinstance(first["version"], int) and first["version"] >= 0, first
    records = lambda model: model["records"]  # noqa: E731

    def write(value: dict) -> dict:
        return {"type": "WRITE", "value": {"value": value}}

    journey.call("store.dispatch", {"storeId": vault, "action": write(
        {"type": "CREATE", "value": {"record": {"schema": "note", "version": 1, "payload": '{"title":"Visa"}'}}}
    )})
    model, version = journey.follow(vault, lambda m: len(records(m)) == 1 and not m["busy"])
    record_id = records(model)[0]["header"]["id"]
    journey.call("store.dispatch", {"storeId": vault, "action": write({"type": "UPDATE", "value": {
        "id": record_id, "record": {"schema": "note", "version": 2, "payload": '{"title":"Pass"}'}}})})
    model, version = journey.follow(vault, lambda m: records(m)[0]["header"]["version"] == 2, version)
    for step in ("DELETE", "RESTORE"):
        journey.call("store.dispatch", {"storeId": vault, "action": write({"type": step, "value": {"id": record_id}})})
        model, version = journey.follow(vault, lambda m: not m["busy"], version)
    documents = journey.call("documents.mountList")["storeId"]
    journey.follow(documents, lambda model: "items" in model)
    journey.call("store.close", {"storeId": documents})
    journey.call("runtime.shutdown")
    assert journey.violations == [], "\n".join(journey.violations)
    for store in (session, vault, documents):
        name, _ = contract.store_schema(store, "model")
        assert contract.checked[f"model {name}"] > 0, f"no model of {name} was validated"
