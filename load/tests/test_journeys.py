"""The driver's own logic without a stack: reading answers into failure kinds, the loopback rule, the settings'
bounds, the fixture sign-in budget, the model readers and the store's wait. Run: python3 -m unittest discover
load/tests (no package needed beyond the standard library)."""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import journeys  # noqa: E402
from journeys import LoadFailure  # noqa: E402


class AnswersTests(unittest.TestCase):
    def test_a_server_error_is_named_by_its_code_and_type_a_standard_one_by_its_message(self):
        self.assertEqual(journeys.rpc_error_kind(
            {"code": -32011, "message": "Bus timeout", "data": {"type": "BUS_TIMEOUT"}}), "JSON-RPC -32011 BUS_TIMEOUT")
        self.assertEqual(journeys.rpc_error_kind(
            {"code": -32602, "message": "Invalid params", "data": "action.value: unknown field"}),
            "JSON-RPC -32602 Invalid params")
        self.assertEqual(journeys.rpc_error_kind("nonsense"), "JSON-RPC error (malformed)")

    def test_a_result_is_answered_and_everything_else_fails_with_its_kind(self):
        self.assertEqual(journeys.read_rpc_answer(200, b'{"jsonrpc":"2.0","id":1,"result":null}'), None)
        self.assertEqual(journeys.read_rpc_answer(200, b'{"jsonrpc":"2.0","id":1,"result":{"a":1}}'), {"a": 1})
        cases = {
            (200, b'{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Store closed",'
                  b'"data":{"type":"STORE_CLOSED"}}}'): "JSON-RPC -32001 STORE_CLOSED",
            (429, b'{"jsonrpc":"2.0","id":null,"error":{"code":-32005,"message":"Rate limited",'
                  b'"data":{"type":"RATE_LIMITED"}}}'): "HTTP 429 JSON-RPC -32005 RATE_LIMITED",
            (502, b"<html>bad gateway</html>"): "HTTP 502",
            (200, b"not json"): "unexpected answer: not JSON",
            (200, b'{"jsonrpc":"2.0","id":1}'): "unexpected answer: not a JSON-RPC response",
        }
        for (status, body), kind in cases.items():
            with self.assertRaises(LoadFailure) as raised:
                journeys.read_rpc_answer(status, body)
            self.assertEqual(raised.exception.kind, kind)
            self.assertEqual(repr(raised.exception), kind, "Locust groups errors by repr")

    def test_an_emulator_error_is_named_by_status_and_folio_code(self):
        self.assertEqual(journeys.read_folio_answer(201, b'{"inquiryId":"inq_1"}'), {"inquiryId": "inq_1"})
        with self.assertRaises(LoadFailure) as raised:
            journeys.read_folio_answer(409, b'{"error":{"code":"VAULT_KEYS_REQUIRED","message":"no keys"}}')
        self.assertEqual(raised.exception.kind, "HTTP 409 VAULT_KEYS_REQUIRED")
        with self.assertRaises(LoadFailure) as raised:
            journeys.read_folio_answer(500, b"")
        self.assertEqual(raised.exception.kind, "HTTP 500")


class TargetTests(unittest.TestCase):
    def resolver(self, table):
        return lambda host: table[host]

    def test_loopback_addresses_and_names_that_resolve_only_to_them_pass(self):
        resolve = self.resolver({"localhost": ["127.0.0.1", "::1"]})
        for url in ("http://127.0.0.1:8080", "http://127.9.9.9/", "http://[::1]:8080", "http://localhost:8090"):
            journeys.check_target(url, allow_remote=False, resolve=resolve)

    def test_any_other_address_is_refused_unless_remote_is_allowed(self):
        resolve = self.resolver({"gateway": ["172.18.0.5"], "mixed": ["127.0.0.1", "10.0.0.2"]})
        for url in ("http://10.0.0.5:8080", "http://192.168.1.2", "http://gateway:8080", "http://mixed/",
                    "http://93.184.216.34/"):
            with self.assertRaises(ValueError, msg=url):
                journeys.check_target(url, allow_remote=False, resolve=resolve)
            journeys.check_target(url, allow_remote=True, resolve=resolve)

    def test_a_url_without_http_or_host_and_a_name_that_does_not_resolve_are_refused(self):
        def unresolvable(host):
            raise OSError("no such host")

        for url in ("ftp://127.0.0.1/", "127.0.0.1:8080", "http:///rpc"):
            with self.assertRaises(ValueError, msg=url):
                journeys.check_target(url, allow_remote=True)
        with self.assertRaises(ValueError):
            journeys.check_target("http://nowhere.invalid/", allow_remote=False, resolve=unresolvable)


class SettingsTests(unittest.TestCase):
    def test_defaults_are_small_and_local(self):
        settings = journeys.Settings({})
        self.assertEqual((settings.users, settings.seconds, settings.spawn_rate), (8, 60, 2.0))
        self.assertEqual(settings.gateway, "http://127.0.0.1:8080")
        self.assertEqual(settings.emulator, "http://127.0.0.1:8090")
        self.assertFalse(settings.allow_remote)

    def test_bounds_and_numbers_are_checked(self):
        for env in ({"FOLIO_LOAD_USERS": "0"}, {"FOLIO_LOAD_USERS": "5000"}, {"FOLIO_LOAD_SECONDS": "7200"},
                    {"FOLIO_LOAD_SPAWN_RATE": "0"}, {"FOLIO_LOAD_SECONDS": "ten"}):
            with self.assertRaises(ValueError, msg=env):
                journeys.Settings(env)
        settings = journeys.Settings({"FOLIO_LOAD_USERS": "3", "FOLIO_LOAD_SECONDS": "20",
                                      "FOLIO_LOAD_SPAWN_RATE": "0.5", "FOLIO_LOAD_ALLOW_REMOTE": "1"})
        self.assertEqual((settings.users, settings.seconds, settings.spawn_rate), (3, 20, 0.5))
        self.assertTrue(settings.allow_remote)

    def test_a_remote_target_is_refused_by_the_settings_check(self):
        with self.assertRaises(ValueError):
            journeys.Settings({"FOLIO_LOAD_GATEWAY_URL": "http://10.1.2.3:8080"}).check_targets()


class BudgetTests(unittest.TestCase):
    def test_starts_stay_below_the_limit_within_the_window(self):
        now = [0.0]
        budget = journeys.SignInBudget(limit=3, window=600, clock=lambda: now[0])
        self.assertEqual([budget.take() for _ in range(5)], [True, True, True, False, False])
        now[0] = 599.0
        self.assertFalse(budget.take())
        now[0] = 600.0
        self.assertEqual([budget.take() for _ in range(4)], [True, True, True, False])

    def test_a_refused_start_stops_fixture_sign_ins_for_a_window(self):
        now = [0.0]
        budget = journeys.SignInBudget(limit=3, window=600, clock=lambda: now[0])
        self.assertTrue(budget.take())
        budget.exhausted()
        now[0] = 300.0
        self.assertFalse(budget.take())
        now[0] = 601.0
        self.assertTrue(budget.take())


def screen(step, elements=(), loading=False, **more):
    return {"loading": loading, "lifecycle": {"type": "STARTED"}, **more, "inquiry": {"stage": {"content": {
        "type": "SCREEN", "value": {"stepId": step, "containers": [{"elements": list(elements)}]}}}}}


def verifying(step, state, value=None, loading=False):
    return {"loading": loading, "inquiry": {"stage": {"content": {"type": "VERIFICATION", "value": {
        "type": "EMAIL_OTP", "value": {"stepId": step, "state": {"type": state, "value": value or {}}}}}}}}


class ModelTests(unittest.TestCase):
    def test_screens_and_fields_are_read_from_the_inquiry_model(self):
        text = {"type": "FIELD", "value": {"type": "TEXT", "value": {"id": "f_name", "value": "Ada"}}}
        model = screen("name", [text, {"type": "TEXT", "value": {"id": "title"}}])
        self.assertEqual(journeys.step_id(model), "name")
        self.assertEqual(journeys.field_value(model, "f_name"), "Ada")
        self.assertIsNone(journeys.field(model, "f_other"))
        self.assertTrue(journeys.at_step("name")(model))
        self.assertFalse(journeys.at_step("name")(screen("name", loading=True)))
        self.assertIsNone(journeys.step_id(verifying("email", "VERIFY")))

    def test_verification_states(self):
        model = verifying("email", "CONFIRM", {"codeField": "email_code"})
        self.assertTrue(journeys.shows(model, "email", "CONFIRM"))
        self.assertFalse(journeys.shows(model, "phone", "CONFIRM"))
        self.assertFalse(journeys.shows(verifying("email", "CONFIRM", loading=True), "email", "CONFIRM"))
        self.assertEqual(journeys.verification_state(model), ("CONFIRM", {"codeField": "email_code"}))

    def test_what_fails_an_inquiry_journey(self):
        self.assertIsNone(journeys.inquiry_fails(screen("name")))
        failed = {"loading": False, "lifecycle": {"type": "FAILED", "value": {"error": {"type": "LAUNCH_INVALID"}}}}
        self.assertEqual(journeys.inquiry_fails(failed), "inquiry FAILED LAUNCH_INVALID")
        banner = screen("name", error={"placement": {"type": "BANNER"}, "text": "name: required", "retryable": False})
        self.assertEqual(journeys.inquiry_fails(banner), "inquiry error BANNER: name: required")
        self.assertIsNone(journeys.inquiry_fails({**banner, "loading": True}), "a request still runs")
        self.assertEqual(journeys.inquiry_fails(verifying("email", "ERROR")), "verification ERROR")

    def test_what_fails_an_auth_or_vault_or_document_journey(self):
        self.assertEqual(journeys.auth_fails({"flow": {"type": "FAILED", "value": {"error": {"type": "RATE_LIMITED"}}}}),
                         "auth FAILED RATE_LIMITED")
        wrong = {"flow": {"type": "AWAITING_INPUT", "value": {"phase": {"type": "PASSWORD"},
                                                               "error": {"type": "WRONG_PASSWORD"}}}}
        self.assertEqual(journeys.auth_fails(wrong), "auth error WRONG_PASSWORD")
        self.assertEqual(journeys.auth_phase(wrong), "PASSWORD")
        self.assertTrue(journeys.auth_settled(wrong))
        self.assertFalse(journeys.auth_settled({"flow": {"type": "BUSY"}}))
        self.assertEqual(journeys.vault_fails({"error": {"details": {"type": "STORAGE"}}}), "vault error STORAGE")
        self.assertIsNone(journeys.vault_fails({"records": []}))
        self.assertEqual(journeys.reception_fails({"reception": {"type": "NOT_ISSUED", "value": {"text": "no"}}}),
                         "documents reception NOT_ISSUED")

    def test_actions_have_the_wire_shapes(self):
        self.assertEqual(journeys.edit_text("name", "Ada"), {"type": "ACT", "value": {"type": "EDIT", "value": {
            "key": "name", "value": {"type": "TEXT", "value": {"text": "Ada"}}}}})
        self.assertEqual(journeys.act("SUBMIT"), {"type": "ACT", "value": {"type": "SUBMIT"}})
        self.assertEqual(journeys.answer("OTP", "123456"),
                         {"type": "ANSWER", "value": {"value": {"type": "OTP", "value": {"value": "123456"}}}})
        self.assertTrue(journeys.PHOTO.startswith(b"\x89PNG\r\n\x1a\n"))


class FakeRuntime:
    """store.next answers from a list of states; every call is recorded."""

    def __init__(self, states):
        self.states, self.calls = list(states), []

    def rpc(self, method, params=None):
        self.calls.append((method, params))
        if method == "store.dispatch":
            return None
        return self.states.pop(0) if self.states else {"version": 99, "model": {"x": "never"}}


class StoreTests(unittest.TestCase):
    def test_wait_follows_versions_until_the_model_it_waits_for(self):
        runtime = FakeRuntime([{"version": 0, "model": {"n": 0}}, {"version": 3, "model": {"n": 3}}])
        store = journeys.Store(runtime, "exm_1")
        self.assertEqual(store.wait(lambda m: m["n"] == 3, "n 3"), {"n": 3})
        self.assertEqual([p["afterVersion"] for _, p in runtime.calls], [-1, 0])
        self.assertEqual(store.version, 3)

    def test_wait_applies_a_delta_to_the_model_held(self):
        runtime = FakeRuntime([
            {"version": 0, "model": {"n": 0, "items": [1]}},
            {"version": 2, "baseVersion": 0, "patch": [
                {"op": "replace", "path": "/n", "value": 2}, {"op": "add", "path": "/items/-", "value": 2}]},
        ])
        store = journeys.Store(runtime, "exm_1")
        self.assertEqual(store.wait(lambda m: m["n"] == 2, "n 2"), {"n": 2, "items": [1, 2]})
        self.assertEqual(store.version, 2)

    def test_a_delta_that_does_not_apply_fails_the_journey(self):
        runtime = FakeRuntime([
            {"version": 0, "model": {"n": 0}},
            {"version": 1, "baseVersion": 0, "patch": [{"op": "remove", "path": "/missing"}]},
        ])
        with self.assertRaises(LoadFailure) as raised:
            journeys.Store(runtime, "exm_1").wait(lambda m: m["n"] == 1, "n 1")
        self.assertEqual(raised.exception.kind, "unexpected answer: store.next patch does not apply")

    def test_a_model_seen_already_answers_a_wait_but_not_a_send(self):
        runtime = FakeRuntime([{"version": 1, "model": {"n": 1}}, {"version": 2, "model": {"n": 1}}])
        store = journeys.Store(runtime, "exm_1")
        store.wait(lambda m: m["n"] == 1, "n 1")
        store.wait(lambda m: m["n"] == 1, "n 1 again")
        self.assertEqual(len(runtime.calls), 1, "no call for a model already seen")
        store.send({"type": "ECHO"}, lambda m: m["n"] == 1, "a newer n 1")
        self.assertEqual([m for m, _ in runtime.calls], ["store.next", "store.dispatch", "store.next"])
        self.assertEqual(store.version, 2)

    def test_a_failing_model_a_closed_store_and_time_fail_the_journey_with_their_kind(self):
        store = journeys.Store(FakeRuntime([{"version": 0, "model": {"error": "x"}}]), "exm_1")
        with self.assertRaises(LoadFailure) as raised:
            store.wait(lambda m: False, "the answer", fails=lambda m: "an error" if m.get("error") else None)
        self.assertEqual(raised.exception.kind, "unexpected model: an error (waiting for the answer)")
        store = journeys.Store(FakeRuntime([None]), "exm_1")
        with self.assertRaises(LoadFailure) as raised:
            store.wait(lambda m: False, "the answer")
        self.assertEqual(raised.exception.kind, "unexpected model: the store closed (waiting for the answer)")
        store = journeys.Store(FakeRuntime([]), "exm_1")
        with self.assertRaises(LoadFailure) as raised:
            store.wait(lambda m: False, "the answer", seconds=0.05)
        self.assertEqual(raised.exception.kind, "timeout: the answer")

    def test_a_dispatch_answered_with_anything_but_null_is_unexpected(self):
        class Answering(FakeRuntime):
            def rpc(self, method, params=None):
                return {"surprise": True}

        with self.assertRaises(LoadFailure) as raised:
            journeys.Store(Answering([]), "exm_1").dispatch({"type": "X"})
        self.assertEqual(raised.exception.kind, "unexpected answer: store.dispatch")


if __name__ == "__main__":
    unittest.main()
