#!/usr/bin/env python3
"""Writes the seed corpus of every fuzz target into Fuzz/Corpus/<target>/ from the project's own examples: the
tests' vectors, fixtures and contract examples and the JSON of docs/. Run from anywhere; it replaces only files
named seed-*, so inputs a fuzz run added next to them stay. Needs the `vips` command (libvips-tools) for the
image seeds, and skips them without it."""
import hashlib
import json
import pathlib
import re
import shutil
import subprocess
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
corpus = root / "Fuzz" / "Corpus"
written = {}


def seed(target, data):
    if isinstance(data, str):
        data = data.encode()
    folder = corpus / target
    if target not in written:
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("seed-*"):
            old.unlink()
        written[target] = set()
    name = "seed-" + hashlib.sha1(data).hexdigest()[:16]
    if name not in written[target]:
        (folder / name).write_bytes(data)
        written[target].add(name)


def raw_strings(path):
    """The Swift raw strings #"…"# of a test file that hold JSON and no interpolation."""
    text = (root / path).read_text()
    for match in re.finditer(r'#"(.*?)"#', text):
        value = match.group(1)
        if "\\#(" in value:
            continue
        try:
            json.loads(value)
        except ValueError:
            continue
        yield value


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# JSON-RPC: the specification's examples (Tests/BusTests/Vectors) and a store dispatch of docs/wire-api.md.
rpc = json.loads((root / "Tests/BusTests/Vectors/jsonrpc-2.0-examples.json").read_text())
for example in rpc["examples"]:
    seed("jsonrpc-codec", example["request"])
    seed("json-parser", example["request"])
    for response in example["response"] if isinstance(example.get("response"), list) else [example.get("response")]:
        if response is not None:
            seed("jsonrpc-reply", compact(response))
seed("jsonrpc-reply", '{"id":1,"jsonrpc":"2.0","result":{"a":[1,2.5,"x\\"y\\u00e9",true,null],"b":{}}}')
seed("jsonrpc-reply", '{"error":{"code":-32010,"data":{"type":"SERVICE_UNAVAILABLE"},"message":"Service unavailable"},"id":null,"jsonrpc":"2.0"}')
for line in (root / "docs/wire-api.md").read_text().splitlines():
    if '"jsonrpc"' in line and line.strip().startswith("{"):
        seed("jsonrpc-codec", line.strip())

# Actions: the contract tests' examples (accepted and refused ones), as docs/*.md write them.
for target, files in {
    "auth-action": ["Tests/AuthServiceTests/AuthStoreContractTests.swift"],
    "session-action": ["Tests/AuthServiceTests/SessionStoreContractTests.swift"],
    "document-list-action": ["Tests/DocumentReceiverTests/DocumentListStoreContractTests.swift"],
    "document-action": ["Tests/DocumentReceiverTests/DocumentStoreContractTests.swift"],
    "example-action": ["Tests/StoreKitTests/ExampleStoreContractTests.swift"],
}.items():
    for path in files:
        for value in raw_strings(path):
            if value.startswith('{"type"') or value.startswith('"'):
                seed(target, value)


def act(intent):
    return {"type": "ACT", "value": intent}


def edit(key, kind, value):
    return {"type": "EDIT", "value": {"key": key, "value": {"type": kind, "value": value}}}


def link(kind, url):
    return {"type": "OPEN_LINK", "value": {"target": {"type": kind, "value": {"url": url}}}}


def open_entry(entry):
    return {"type": "OPEN", "value": {"entry": entry}}


# InquiryStoreContractTests.actions (docs/inquiry-store.md "Actions").
inquiry = [
    open_entry({"type": "START", "value": {"launchCode": "LC-7f3k"}}),
    open_entry({"type": "RESUME", "value": {"source": {"type": "SAME_DEVICE", "value": {"inquiryId": "inq_1"}}}}),
    open_entry({"type": "RESUME", "value": {"source": {"type": "ANOTHER_DEVICE", "value": {"code": "HX-4471"}}}}),
    {"type": "CLOSE"},
    {"type": "STATUS"},
] + [act(intent) for intent in [
    {"type": "SUBMIT"},
    edit("name", "TEXT", {"text": "Ada\nLovelace"}),
    edit("document_type", "SELECTION", {"value": "PASSPORT"}),
    edit("colors", "SELECTIONS", {"values": ["red", "blue"]}),
    edit("terms", "TOGGLE", {"checked": True}),
    edit("appointment", "DATE", {"value": "2026-06-01T14:30"}),
    edit("home", "ADDRESS", {"parts": [{"part": "LINE1", "value": "Hauptstraße 1"}, {"part": "CITY", "value": "Berlin"}]}),
    {"type": "BACK"},
    {"type": "RETRY"},
    link("EXTERNAL", "https://folio.id/terms"),
    link("UNIVERSAL", "https://app.example.com/done"),
    {"type": "LINK_REFUSED", "value": {"url": "https://app.example.com/done"}},
    {"type": "CAPTURE", "value": {"field": "scan", "mode": "CAMERA_OR_FILE"}},
    {"type": "UPLOAD", "value": {"field": "chip", "fileName": "DG1", "mimeType": "application/octet-stream", "bytes": "YWJj"}},
    {"type": "SET_LOCALE", "value": {"locale": "de"}},
    {"type": "HANDOFF"},
    {"type": "CONTINUE_HERE"},
    {"type": "PREVIEW_FRAME", "value": {"width": 4, "height": 2, "bytes": "AAECAwQFBgc="}},
    {"type": "SUBMIT_CAPTURE", "value": {"captureSessionId": "cs_1", "transactionId": "tx_1"}},
    {"type": "UPLOAD_CAPTURE", "value": {"captureSessionId": "cs_1", "field": "selfie_photo", "bytes": "/9j/"}},
    {"type": "FILE_UNREADABLE", "value": {"field": "scan"}},
]]
for action in inquiry:
    seed("inquiry-action", compact(action))

# VaultStoreContractTests' writes and shares (docs/vault-store.md "Actions").
content = {"schema": "note", "version": 1, "payload": "{\"title\":\"Visa\"}"}
writes = [
    {"type": "CREATE", "value": {"record": content}},
    {"type": "UPDATE", "value": {"id": "D_abc", "record": content}},
    {"type": "DELETE", "value": {"id": "rec_1"}},
    {"type": "RESTORE", "value": {"id": "rec_1"}},
    {"type": "PERMANENTLY_DELETE", "value": {"id": "rec_1"}},
    {"type": "CREATE_FOLDER", "value": {"folder": content}},
    {"type": "UPDATE_FOLDER", "value": {"id": "F_abc", "folder": content}},
    {"type": "SET_FOLDER_OPEN", "value": {"id": "F_abc", "open": True}},
    {"type": "DELETE_FOLDER", "value": {"id": "fld_1"}},
    {"type": "ADD_TO_FOLDER", "value": {"folderId": "fld_1", "recordId": "rec_1"}},
    {"type": "REMOVE_FROM_FOLDER", "value": {"folderId": "fld_1", "recordId": "rec_1"}},
    {"type": "SET_SETTINGS", "value": {"id": "rec_1", "settings": {"favorite": True, "label": "mine"}}},
    {"type": "RESOLVE_CONFLICT", "value": {"id": "rec_1", "resolution": {"type": "KEEP_BOTH"}}},
]
shares = [
    {"type": "INVITE", "value": {"recordId": "rec_1", "email": "omar@example.org", "permission": "VIEW"}},
    {"type": "ACCEPT", "value": {"inviteId": "inv_1"}},
    {"type": "REJECT", "value": {"inviteId": "inv_1"}},
    {"type": "REVOKE", "value": {"inviteId": "inv_1"}},
]
for action in [{"type": "SYNC"}, {"type": "DISMISS_ERROR"}]:
    seed("vault-action", compact(action))
for write in writes:
    seed("vault-action", compact({"type": "WRITE", "value": {"value": write}}))
for share in shares:
    seed("vault-action", compact({"type": "SHARE", "value": {"value": share}}))

# The JSON parser gets every action and some of docs/' JSON too.
for target in ["auth-action", "inquiry-action", "vault-action"]:
    for path in sorted((corpus / target).glob("seed-*"))[:12]:
        seed("json-parser", path.read_bytes())
seed("json-parser", '{"a":[1,-0,2.5e-3,1E+400,"\\u00e9\\ud83d\\ude00",true,false,null],"b":{}}')
seed("json-parser", '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]')

# Masks (MaskFormatterTests): pattern, maxLength, typed text.
for pattern, max_length, typed in [
    ("##.##.####", "10", "12032024"),
    ("##.##.####", "10", "12.03."),
    ("####-####-####", "9", "123456789012"),
    ("###", "0", "123"),
    ("+1 (###) ###-####", "", "2015550123"),
    ("AA-###", "", "AA-١٢٣"),
]:
    seed("mask", f"{pattern}\n{max_length}\n{typed}")

# Dates (DateFormatPatternTests): format, typed, picked, time zone, min, max, flags and ages.
for fmt, typed, picked, zone, low, high in [
    ("DD.MM.YYYY", "12.03.2024", "2026-06-01T14:30", "Europe/Berlin", "1900-01-01", "2100-12-31"),
    ("MM/DD/YYYY", "02/29/2023", "2024-02-29T00:00", "America/New_York", "", ""),
    ("YYYY-MM-DD", "2024-03-12", "", "Pacific/Kiritimati", "2024-01-01", ""),
    ("dd.mm.yyyy", "31.02.2024", "2026-13-01T25:61", "", "", ""),
]:
    seed("date", f"{fmt}\n{typed}\n{picked}\n{zone}\n{low}\n{high}\n\x0f\x12\x50")

# Phones (PhoneFieldFormatterTests, docs/phone-numbers.md): region, dial code, national text.
for region, dial, national in [
    ("DE", "+49", "030123456"),
    ("US", "+1", "2015550123"),
    ("GB", "", "07400123456"),
    ("gb", "", "07400 123 456"),
    ("CH", "+41", "079 123 45 67"),
    ("XK", "+383", "٤٤١٢٣٤٥٦"),
    ("ZZ", "", "12345"),
]:
    seed("phone", f"{region}\n{dial}\n{national}")

# Links: the URL Standard's test data (Tests/InquiryServiceTests/Vectors/whatwg-url), inputs without a base.
urls = json.loads((root / "Tests/InquiryServiceTests/Vectors/whatwg-url/urltestdata.json").read_text())
picked = [case["input"] for case in urls if isinstance(case, dict) and case.get("base") is None]
for url in picked[::max(1, len(picked) // 60)]:
    seed("link", url)
for url in ["https://folio.id/terms", "https://app.example.com/done", "HTTPS://Bücher.example:443/a/./b/../c?x#y",
            "http://[::ffff:192.168.0.1]/", "http://0x7f.1/", "mailto:person@example.com", "file:///C:/x"]:
    seed("link", url)

# Frames: a card of ID-1 proportions on a darker desk, sharp and blurred, and a frame too small to measure.
def frame(width, height, card, noise):
    left, top, right, bottom = card
    plane = bytearray()
    for y in range(height):
        for x in range(width):
            inside = left <= x < right and top <= y < bottom
            base = 200 if inside else 40
            plane.append((base + (x * 7 + y * 13) % noise) & 0xFF)
    return bytes([width]) + bytes(plane)

seed("frame", frame(120, 80, (20, 15, 97, 63), 9))
seed("frame", frame(96, 64, (8, 6, 90, 58), 3))
seed("frame", frame(160, 100, (-10, 20, 60, 80), 17))
seed("frame", frame(16, 16, (2, 2, 12, 12), 5))

# Images: small ones libvips writes, as ImageReaderTests make them.
if shutil.which("vips"):
    with tempfile.TemporaryDirectory() as tmp:
        for name, size in [("a.png", "16 12"), ("b.jpg", "20 10"), ("c.webp", "8 8"), ("d.gif", "6 4"), ("e.tif", "4 4")]:
            out = pathlib.Path(tmp) / name
            width, height = size.split()
            try:
                subprocess.run(["vips", "xyz", str(pathlib.Path(tmp) / "x.v"), width, height], check=True,
                               capture_output=True)
                subprocess.run(["vips", "cast", str(pathlib.Path(tmp) / "x.v"), str(out), "uchar"], check=True,
                               capture_output=True)
                seed("image", out.read_bytes())
            except subprocess.CalledProcessError:
                pass

# Folio's answers: the FolioWire fixtures, and the answers docs/folio-api.md shows.
fixtures = {
    "account.json": "account", "accounts-page.json": "accounts", "ceremony-start-answer.json": "ceremony",
    "error-envelope.json": "error", "inquiry-result.json": "inquiry-result", "issuance.json": "issuance",
    "organizations-page.json": "organizations", "session.json": "session", "vault-attachment.json": "vault-attachment",
    "vault-issued-invite.json": "vault-share", "vault-keys.json": "vault-keys", "vault-record.json": "vault-record",
    "vault-share.json": "vault-share", "digital-document.json": "vault-record",
}
for name, route in fixtures.items():
    seed("folio-answer", route + "\n" + (root / "Tests/FolioWireTests/Fixtures" / name).read_text())
blocks = re.findall(r"```json\n(.*?)```", (root / "docs/folio-api.md").read_text(), re.S)
for number, route in {1: "error", 3: "jwks", 4: "organizations", 5: "accounts", 6: "account", 12: "ceremony",
                      13: "session", 14: "session-changes", 15: "vault-record", 17: "error", 18: "vault-changes",
                      20: "vault-share", 21: "vault-keys", 22: "vault-attachment", 28: "issuance",
                      29: "vault-shares"}.items():
    body = re.sub(r"^\d{3}\n", "", blocks[number - 1])
    seed("folio-answer", route + "\n" + body)
seed("folio-answer", "health\n{\"status\":\"ok\"}")
seed("folio-answer", "jws\neyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc.hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg")
seed("folio-answer", "error\n<html>502 Bad Gateway</html>")

for target in sorted(written):
    print(f"{target}: {len(written[target])} seeds")
