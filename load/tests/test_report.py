"""The end-of-run report from plain rows: journeys per second, the rows in order, errors by kind."""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import report  # noqa: E402
from report import Row  # noqa: E402


class ReportTests(unittest.TestCase):
    rows = [
        Row("rpc", "store.next", 900, 2, 3, 40, 1000),
        Row("journey", "vault: create, update, delete, restore", 40, 4, 60, 130, 150),
        Row("folio", "POST /v1/operator/inquiries", 30, 0, 1, 5, 9),
        Row("journey", "inquiry: email code", 20, 0, 80, 120, 140),
        Row("rpc", "runtime.create", 60, 0, 3, 7, 14),
    ]
    errors = [
        {"kind": "rpc", "name": "store.next", "error": "JSON-RPC -32011 BUS_TIMEOUT", "occurrences": 2},
        {"kind": "journey", "name": "vault: create, update, delete, restore",
         "error": "unexpected model: vault error STORAGE (waiting for the created record)", "occurrences": 4},
    ]

    def test_totals_and_journeys_per_second_count_journeys_apart_from_calls(self):
        summary = report.summarize(self.rows, self.errors, seconds=20.0, users=8)
        self.assertEqual((summary.journeys, summary.journeys_failed, summary.journeys_per_second), (60, 4, 3.0))
        self.assertEqual((summary.calls, summary.calls_failed, summary.calls_per_second), (990, 2, 49.5))
        self.assertEqual([row.name for row in summary.rows][:2],
                         ["inquiry: email code", "vault: create, update, delete, restore"], "journeys first, by name")
        self.assertEqual([row.kind for row in summary.rows][2:], ["folio", "rpc", "rpc"])
        self.assertEqual(summary.errors[0]["occurrences"], 4, "the most frequent error first")

    def test_the_rates_count_what_finished_while_the_users_ran(self):
        summary = report.summarize(self.rows, self.errors, seconds=20.0, users=8, in_time=(50, 900))
        self.assertEqual((summary.journeys, summary.journeys_per_second), (60, 2.5))
        self.assertEqual((summary.calls, summary.calls_per_second), (990, 45.0))

    def test_the_text_names_every_row_with_its_percentiles_and_every_error_kind(self):
        text = report.render(report.summarize(self.rows, self.errors, seconds=20.0, users=8))
        self.assertIn("journeys: 3.00/s; 60 done, 4 failed", text)
        self.assertRegex(text, r"journey inquiry: email code +20 +0 +80 +120 +140")
        self.assertRegex(text, r"rpc +store\.next +900 +2 +3 +40 +1000")
        self.assertIn("4  journey vault: create, update, delete, restore: unexpected model: vault error STORAGE", text)
        self.assertIn("2  rpc     store.next: JSON-RPC -32011 BUS_TIMEOUT", text)

    def test_a_run_without_errors_says_so(self):
        text = report.render(report.summarize(self.rows[:2], [], seconds=10.0, users=1))
        self.assertIn("errors by kind: none", text)


if __name__ == "__main__":
    unittest.main()
