#!/usr/bin/env python3
"""Proves each scripted behaviour of server.py over real HTTP on 127.0.0.1.

Run: python3 -m unittest -v test_server   (from this directory)

The server reads the generated documents: the routes from
Generated/OpenAPI/iapkit.openapi.json, the bodies' schemas from
Generated/JSONSchema/openiap.schema.json.
"""

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = os.path.join(HERE, "server.py")
CASES = os.path.join(HERE, "cases.json")
ROOT = os.path.dirname(os.path.dirname(HERE))
SCHEMA = os.path.join(ROOT, "Generated", "JSONSchema", "openiap.schema.json")
OPENAPI = os.path.join(ROOT, "Generated", "OpenAPI", "iapkit.openapi.json")

PK = "openiap-kit_pk_test_app"
PK_OTHER = "openiap-kit_pk_other_app"
SK = "openiap-kit_sk_test_admin"
PK_STRIPPED = "openiap-kit_pk_proxy_stripped"
APPLE_JWS = "a" * 40 + "." + "b" * 40 + "." + "c" * 40
APPLE_FUTURE = "f" * 40 + "." + "u" * 40 + "." + "t" * 40
GOOGLE_TOKEN = "g" * 40
G_429 = "duplicatepayload" + "x" * 24
G_500 = "servererrorhtml" + "x" * 25
G_503 = "servicebusy" + "x" * 29
G_400 = "scriptedinvalid" + "x" * 25


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


def start_server(schema_path, cases_path, extra=(), openapi_path=OPENAPI):
    process = subprocess.Popen(
        [sys.executable, SERVER, "--port", "0", "--schema", schema_path, "--openapi", openapi_path, "--cases", cases_path, *extra],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    line = process.stdout.readline().decode().strip()
    if not line.isdigit():
        process.kill()
        raise AssertionError(f"server did not print a port: {line!r} {process.stderr.read().decode()}")
    return process, int(line)


class ServerTestBase(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="iapkit-test-", dir="/tmp")
        cls.schema_path = SCHEMA
        cls.process, cls.port = start_server(cls.schema_path, CASES)

    @classmethod
    def tearDownClass(cls):
        cls.process.stdin.close()  # stdin EOF is one of the documented stop signals
        code = cls.process.wait(timeout=10)
        errors = cls.process.stderr.read().decode()
        cls.process.stdout.close()
        cls.process.stderr.close()
        assert code == 0, f"server exited with {code}: {errors}"
        # Clients that hang up (timeouts, size caps) must not look like crashes.
        assert "Traceback" not in errors, errors
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def call(self, method, path, body=None, headers=None, key=None, raw_body=None, timeout=10):
        url = f"http://127.0.0.1:{self.port}{path}"
        data = raw_body if raw_body is not None else (json.dumps(body).encode() if body is not None else None)
        request = urllib.request.Request(url, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if key is not None:
            request.add_header("Authorization", f"Bearer {key}")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with OPENER.open(request, timeout=timeout) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            with error:
                return error.code, error.headers, error.read()

    def verify(self, body, key=PK, **kwargs):
        return self.call("POST", "/v1/purchase/verify", body=body, key=key, **kwargs)

    def assert_error(self, result, status, code, path=None):
        got_status, headers, body = result
        self.assertEqual(got_status, status, body)
        self.assertTrue(headers.get("Content-Type", "").startswith("application/json"))
        errors = json.loads(body)["errors"]
        self.assertEqual(errors[0]["code"], code, errors)
        if path is None:
            self.assertNotIn("path", errors[0])
        else:
            self.assertEqual(errors[0].get("path"), path, errors)
        return errors[0]


class VerifyTests(ServerTestBase):
    def test_valid_verification_per_store(self):
        expectations = [
            ({"store": "apple", "jws": APPLE_JWS}, {"store": "apple", "isValid": True, "state": "ENTITLED", "productId": "premium_monthly"}),
            ({"store": "google", "purchaseToken": GOOGLE_TOKEN}, {"store": "google", "isValid": True, "state": "PENDING_ACKNOWLEDGMENT", "productId": "coins_100"}),
            ({"store": "amazon", "userId": "amzn1.account.ABC123", "receiptId": "amzn1.receipt.ABC=:1"},
             {"store": "amazon", "isValid": True, "state": "READY_TO_CONSUME", "productId": "amazon.coins.100", "environment": "Production"}),
            ({"store": "amazon", "userId": "amzn1.account.ABC123", "receiptId": "amzn1.receipt.ABC=:1", "sandbox": True},
             {"store": "amazon", "isValid": True, "state": "ENTITLED", "productId": "amazon.premium.monthly", "environment": "Sandbox"}),
            ({"store": "horizon", "userId": "1234567890", "sku": "premium_access"},
             {"store": "horizon", "isValid": True, "state": "ENTITLED", "productId": "premium_access"}),
        ]
        for body, expected in expectations:
            with self.subTest(store=body["store"]):
                status, headers, raw = self.verify(body)
                self.assertEqual(status, 200, raw)
                self.assertEqual(json.loads(raw), expected)
                self.assertRegex(headers["X-Correlation-Id"], r"^00000000-0000-4000-8000-\d{12}$")
                self.assertEqual(headers["X-RateLimit-Limit"], "600")
                self.assertEqual(headers["X-RateLimit-Remaining"], "599")

    def test_client_payload_and_mismatch_and_future_values(self):
        status, _, raw = self.verify({"store": "google", "purchaseToken": GOOGLE_TOKEN, "includeClientPayload": True})
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(raw)["clientPayload"]["version"], 3)
        status, _, raw = self.verify({"store": "apple", "jws": APPLE_JWS, "expectedProductId": "other_product"})
        self.assertEqual(json.loads(raw), {"store": "apple", "isValid": False, "state": "INAUTHENTIC", "productId": "premium_monthly"})
        status, _, raw = self.verify({"store": "apple", "jws": APPLE_FUTURE})
        self.assertEqual(json.loads(raw)["state"], "GRACE_WINDOW")
        self.assertEqual(json.loads(raw)["riskScore"], {"level": 2})

    def test_validation_errors_name_the_path(self):
        cases = [
            ({"store": "apple", "jws": "a.b.c"}, "jws"),
            ({"store": "apple"}, "jws"),
            ({"store": "amazon", "receiptId": "amzn1.receipt.ABC=:1"}, "userId"),
            ({"store": "amazon", "userId": "amzn1.account.ABC123"}, "receiptId"),
            ({"store": "horizon", "userId": "1234567890", "sku": "subs-bronze:SUBSCRIPTION__MONTHLY"}, "sku"),
            ({"store": "google", "purchaseToken": GOOGLE_TOKEN, "includeClientPayload": "true"}, "includeClientPayload"),
            ({"store": "google", "purchaseToken": GOOGLE_TOKEN, "expectedProductId": "premium/monthly"}, "expectedProductId"),
            ({"store": "steam", "ticket": "x"}, "store"),
            ({"jws": APPLE_JWS}, "store"),
        ]
        for body, path in cases:
            with self.subTest(body=body):
                self.assert_error(self.verify(body), 400, "INVALID_INPUT", path)

    def test_body_that_is_not_json_or_not_an_object(self):
        self.assert_error(self.verify(None, raw_body=b"{not json"), 400, "INVALID_INPUT")
        self.assert_error(self.verify(None, raw_body=b""), 400, "INVALID_INPUT")
        self.assert_error(self.verify(["apple"]), 400, "INVALID_INPUT")

    def test_scripted_failures(self):
        status, headers, raw = self.verify({"store": "google", "purchaseToken": G_429})
        self.assert_error((status, headers, raw), 429, "DUPLICATE_PAYLOAD")
        self.assertEqual(headers["Retry-After"], "60")
        self.assertEqual(headers["X-RateLimit-Remaining"], "598")
        self.assertIn("X-Correlation-Id", headers)

        status, headers, raw = self.verify({"store": "google", "purchaseToken": G_500})
        self.assertEqual(status, 500)
        self.assertTrue(headers["Content-Type"].startswith("text/html"))
        with self.assertRaises(json.JSONDecodeError):
            json.loads(raw)

        status, headers, raw = self.verify({"store": "google", "purchaseToken": G_503})
        self.assert_error((status, headers, raw), 503, "SERVICE_BUSY")
        self.assertEqual(headers["X-Concurrency-Scope"], "key")

        self.assert_error(self.verify({"store": "google", "purchaseToken": G_400}), 400, "INVALID_INPUT", "purchaseToken")

    def test_body_over_the_cap_is_refused_before_reading(self):
        body = {"store": "google", "purchaseToken": GOOGLE_TOKEN, "pad": "x" * 40000}
        status, headers, raw = self.verify(body)
        self.assert_error((status, headers, raw), 413, "PAYLOAD_TOO_LARGE")

    def test_chunked_request_body_is_accepted(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        payload = json.dumps({"store": "apple", "jws": APPLE_JWS}).encode()
        connection.request("POST", "/v1/purchase/verify", body=iter([payload[:10], payload[10:]]),
                           headers={"Authorization": f"Bearer {PK}", "Content-Type": "application/json"},
                           encode_chunked=True)
        response = connection.getresponse()
        self.assertEqual(response.status, 200)
        self.assertEqual(json.loads(response.read())["state"], "ENTITLED")
        connection.close()


class AuthTests(ServerTestBase):
    def test_missing_header_is_401_without_rate_limit_headers(self):
        status, headers, raw = self.verify({"store": "apple", "jws": APPLE_JWS}, key=None)
        self.assert_error((status, headers, raw), 401, "MISSING_API_KEY")
        self.assertNotIn("X-RateLimit-Limit", headers)
        self.assertNotIn("X-Correlation-Id", headers)

    def test_wrong_scheme_and_bad_keys(self):
        self.assert_error(self.verify({"store": "apple", "jws": APPLE_JWS}, key=None,
                                      headers={"Authorization": f"Basic {PK}"}), 403, "INVALID_API_KEY")
        self.assert_error(self.verify({"store": "apple", "jws": APPLE_JWS}, key="openiap-kit_pk_" + "x" * 120),
                          403, "INVALID_API_KEY")
        self.assert_error(self.verify({"store": "apple", "jws": APPLE_JWS}, key="openiap-kit_pk_nobody"),
                          400, "INVALID_API_KEY")
        self.assert_error(self.verify({"store": "apple", "jws": APPLE_JWS}, key=PK_STRIPPED), 401, "MISSING_API_KEY")

    def test_path_keys(self):
        self.assert_error(self.call("GET", f"/v1/subscriptions/status/{SK}?userId=u1"), 410, "SECRET_API_KEY_IN_URL")
        self.assert_error(self.call("GET", "/v1/subscriptions/status/bad%20key?userId=u1"), 403, "INVALID_API_KEY")
        self.assert_error(self.call("GET", "/v1/subscriptions/status/openiap-kit_pk_nobody?userId=u1"), 400, "INVALID_API_KEY")


class RouteTests(ServerTestBase):
    def test_unknown_route_and_wrong_method_are_plain_text_404(self):
        for method, path in (("GET", "/v1/nothing"), ("GET", "/v1/purchase/verify"), ("DELETE", f"/v1/products/{PK}")):
            with self.subTest(path=path):
                status, headers, raw = self.call(method, path, key=PK)
                self.assertEqual(status, 404)
                self.assertTrue(headers["Content-Type"].startswith("text/plain"))
                self.assertEqual(raw, b"404 Not Found")

    def test_query_validation(self):
        self.assertEqual(self.assert_error(self.call("GET", f"/v1/subscriptions/status/{PK}"), 400, "INVALID_INPUT")["message"],
                         "userId is required")
        self.assert_error(self.call("GET", f"/v1/subscriptions/status/{PK}?userId=%20%20"), 400, "INVALID_INPUT")
        self.assert_error(self.call("GET", f"/v1/subscriptions/status/{PK}?userId=" + "u" * 257), 400, "INVALID_INPUT")
        self.assert_error(self.call("GET", f"/v1/products/{PK}?limit=51"), 400, "INVALID_INPUT")
        self.assert_error(self.call("GET", f"/v1/products/{PK}?includeClientPayload=TRUE"), 400, "INVALID_INPUT")
        self.assert_error(self.call("GET", f"/v1/products/{PK}/premium_monthly/client-payload"), 400, "INVALID_INPUT")

    def test_status_entitlements_bind_user_products(self):
        status, headers, raw = self.call("GET", f"/v1/subscriptions/status/{PK}?userId=user_active")
        self.assertEqual(status, 200)
        self.assertTrue(json.loads(raw)["active"])
        self.assertEqual(headers["Vary"], "Authorization")
        self.assertEqual(self.call("GET", f"/v1/subscriptions/status/{PK}?userId=someone")[2],
                         b'{"active":false,"subscription":null}')
        status, _, raw = self.call("GET", f"/v1/subscriptions/entitlements/{PK}?userId=user_active")
        self.assertEqual(json.loads(raw)["productIds"], ["premium_monthly"])
        status, _, raw = self.call("GET", f"/v1/subscriptions/entitlements/{PK}?userId=new%20user")
        self.assertEqual(json.loads(raw), {"userId": "new user", "productIds": [], "subscriptions": []})
        status, _, raw = self.call("POST", f"/v1/subscriptions/bind-user/{PK}", body={"purchaseToken": GOOGLE_TOKEN, "userId": "u1"})
        self.assertEqual(json.loads(raw), {"ok": True, "bound": True})
        status, _, raw = self.call("POST", f"/v1/subscriptions/bind-user/{PK}", body={"purchaseToken": GOOGLE_TOKEN, "userId": "already-bound"})
        self.assertEqual(json.loads(raw), {"ok": True, "bound": False})
        self.assert_error(self.call("POST", f"/v1/subscriptions/bind-user/{PK}", body={"purchaseToken": GOOGLE_TOKEN}),
                          400, "INVALID_INPUT", "userId")
        page1 = json.loads(self.call("GET", f"/v1/products/{PK}")[2])
        self.assertEqual((page1["hasMore"], page1["nextCursor"]), (True, "opaque/next=2"))
        page2 = json.loads(self.call("GET", f"/v1/products/{PK}?cursor=opaque%2Fnext%3D2")[2])
        self.assertEqual((page2["hasMore"], page2["products"][0]["productId"]), (False, "coins_100"))
        payloads = json.loads(self.call("GET", f"/v1/products/{PK}?platform=IOS&includeClientPayload=true")[2])
        self.assertEqual(payloads["products"][0]["clientPayload"]["format"], "toml")
        self.assert_error(self.call("GET", f"/v1/products/{PK}?includeClientPayload=true"), 400, "INVALID_INPUT")

    def test_rate_limited_and_non_json_errors(self):
        status, headers, raw = self.call("GET", f"/v1/subscriptions/status/{PK}?userId=rate-limited")
        self.assert_error((status, headers, raw), 429, "RATE_LIMITED")
        self.assertEqual((headers["Retry-After"], headers["X-RateLimit-Limit"], headers["X-RateLimit-Remaining"],
                          headers["X-RateLimit-Scope"]), ("7", "600", "0", "key"))
        status, headers, raw = self.call("GET", f"/v1/subscriptions/status/{PK}?userId=server-error-html")
        self.assertEqual((status, raw), (500, b"<html>upstream failure</html>"))
        status, headers, raw = self.call("GET", f"/v1/subscriptions/status/{PK}?userId=empty-error")
        self.assertEqual((status, raw, headers["Content-Length"]), (502, b"", "0"))
        status, headers, raw = self.call("GET", f"/v1/subscriptions/status/{PK}?userId=non-json-200")
        self.assertEqual((status, headers["Content-Type"]), (200, "text/html"))
        status, headers, raw = self.call("GET", f"/v1/subscriptions/status/{PK}?userId=empty-200")
        self.assertEqual((status, raw), (200, b""))
        status, headers, raw = self.call("GET", f"/v1/subscriptions/status/{PK}?userId=odd-error-body")
        self.assertEqual((status, json.loads(raw)), (400, {"message": "not the IAPKit shape"}))

    def test_path_parameters_are_one_segment_and_dot_segments_are_refused(self):
        status, _, raw = self.call("GET", f"/v1/products/{PK}/bundle%2Fpremium/client-payload?platform=IOS")
        self.assertEqual((status, json.loads(raw)["clientPayload"]["body"]), (200, "slash id"))
        for segment in ("..", "%2E%2E", "%2e", "."):
            with self.subTest(segment=segment):
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
                connection.request("GET", f"/v1/products/{PK}/{segment}/client-payload?platform=IOS")
                response = connection.getresponse()
                self.assertEqual(response.status, 400)
                self.assertEqual(json.loads(response.read())["errors"][0]["code"], "INVALID_INPUT")
                connection.close()
        status, _, raw = self.call("GET", f"/v1/products/{PK}/a/b/client-payload?platform=IOS")
        self.assertEqual(status, 404)


class ClientPayloadCacheTests(ServerTestBase):
    PATH = f"/v1/products/{PK}/premium_monthly/client-payload?platform=IOS"

    def test_200_with_etag_then_304(self):
        status, headers, raw = self.call("GET", self.PATH)
        self.assertEqual(status, 200)
        etag = headers["ETag"]
        self.assertRegex(etag, r'^"iapkit-client-payload-[A-Za-z0-9_-]{16}-v3"$')
        self.assertEqual(headers["Cache-Control"], "private, no-cache")
        self.assertEqual(json.loads(raw)["clientPayload"]["body"], "[access]\nmax_items = 10")
        for sent in (etag, "W/" + etag, '"other", ' + etag, "*"):
            with self.subTest(if_none_match=sent):
                status, headers, raw = self.call("GET", self.PATH, headers={"If-None-Match": sent})
                self.assertEqual((status, raw, headers["ETag"]), (304, b"", etag))
        status, _, _ = self.call("GET", self.PATH, headers={"If-None-Match": '"iapkit-client-payload-stale-v2"'})
        self.assertEqual(status, 200)

    def test_etag_is_scoped_to_the_key_and_missing_payload_is_404(self):
        etag = self.call("GET", self.PATH)[1]["ETag"]
        status, headers, _ = self.call("GET", self.PATH.replace(PK, PK_OTHER), headers={"If-None-Match": etag})
        self.assertEqual(status, 200)
        self.assertNotEqual(headers["ETag"], etag)
        self.assert_error(self.call("GET", f"/v1/products/{PK}/missing_product/client-payload?platform=IOS"), 404, "NOT_FOUND")
        status, headers, _ = self.call("GET", f"/v1/products/{PK}/no_etag_product/client-payload?platform=Android")
        self.assertEqual(status, 200)
        self.assertNotIn("ETag", headers)

    def test_subscription_status_weak_etag(self):
        path = f"/v1/subscriptions/status/{PK}?userId=user_active"
        etag = self.call("GET", path)[1]["ETag"]
        self.assertTrue(etag.startswith('W/"iapkit-subscription-status-'))
        self.assertEqual(self.call("GET", path, headers={"If-None-Match": etag})[0], 304)
        self.assertEqual(self.call("GET", path, headers={"If-None-Match": etag[2:]})[0], 304)


class HostileAnswerTests(ServerTestBase):
    def raw_get(self, path):
        connection = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        chunks = []
        while True:
            data = connection.recv(65536)
            if not data:
                break
            chunks.append(data)
        connection.close()
        head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
        return head, body

    def test_body_larger_than_a_limit(self):
        status, headers, raw = self.call("GET", f"/v1/subscriptions/status/{PK}?userId=huge-body")
        self.assertEqual((status, len(raw), headers["Content-Length"]), (200, 2097152, "2097152"))
        head, body = self.raw_get(f"/v1/subscriptions/status/{PK}?userId=huge-body-unframed")
        self.assertNotIn(b"Content-Length", head)
        self.assertIn(b"Connection: close", head)
        self.assertEqual(len(body), 2097152)

    def test_redirect_to_another_host_is_sent_not_followed(self):
        status, headers, raw = self.call("GET", f"/v1/subscriptions/status/{PK}?userId=redirect-elsewhere")
        self.assertEqual(status, 302)
        self.assertEqual(headers["Location"], "http://evil.invalid/v1/subscriptions/status/leak")

    def test_header_with_control_characters_is_sent_raw(self):
        head, body = self.raw_get(f"/v1/subscriptions/status/{PK}?userId=control-char-header")
        self.assertIn(b"X-Correlation-Id: abc\x01def\r\n", head)
        self.assertIn(b"X-Test-Control: 1\x7f2\r\n", head)
        self.assertTrue(json.loads(body)["active"])

    def test_slow_answer_lets_a_client_time_out(self):
        started = time.monotonic()
        with self.assertRaises((socket.timeout, TimeoutError, urllib.error.URLError)):
            self.call("GET", f"/v1/subscriptions/status/{PK}?userId=slow", timeout=0.5)
        self.assertLess(time.monotonic() - started, 2.5)


class ControlAndLifecycleTests(ServerTestBase):
    def test_request_log_and_reset(self):
        self.assertEqual(self.call("POST", "/__test__/reset")[0], 204)
        self.verify({"store": "apple", "jws": APPLE_JWS}, headers={"If-None-Match": '"x"', "X-OpenIAP-Spec": "3.2.1"})
        self.call("GET", f"/v1/products/{PK}/bundle%2Fpremium/client-payload?platform=IOS")
        log = json.loads(self.call("GET", "/__test__/requests")[2])
        self.assertEqual([entry["route"] for entry in log], ["verifyPurchase", "productClientPayload"])
        self.assertEqual(log[0]["case"], "verify-apple")
        self.assertEqual(log[0]["headers"]["x-openiap-spec"], "3.2.1")
        self.assertEqual(json.loads(log[0]["body"])["store"], "apple")
        self.assertEqual(log[1]["path"], f"/v1/products/{PK}/bundle%2Fpremium/client-payload")
        self.assertEqual(log[1]["params"]["productId"], "bundle/premium")
        status, headers, _ = self.verify({"store": "apple", "jws": APPLE_JWS})
        self.assertEqual(headers["X-Correlation-Id"], "00000000-0000-4000-8000-000000000002")

    def test_listens_on_loopback_only(self):
        wanted = f":{self.port:04X}"
        with open("/proc/net/tcp") as table:
            rows = [line.split() for line in table.readlines()[1:]]
        listening = [row[1] for row in rows if row[1].endswith(wanted) and row[3] == "0A"]
        self.assertEqual(listening, [f"0100007F{wanted}"])

    def test_sigterm_stops_cleanly(self):
        process, port = start_server(self.schema_path, CASES)
        try:
            self.assertEqual(urllib.request.urlopen(f"http://127.0.0.1:{port}/__test__/requests", timeout=5).status, 200)
            process.send_signal(signal.SIGTERM)
            self.assertEqual(process.wait(timeout=10), 0)
        finally:
            process.kill()
            process.wait()
            for stream in (process.stdin, process.stdout, process.stderr):
                stream.close()

    def run_with_config(self, cases_doc, openapi_doc=None):
        directory = tempfile.mkdtemp(prefix="iapkit-bad-", dir="/tmp")
        self.addCleanup(shutil.rmtree, directory, True)
        cases_path = os.path.join(directory, "cases.json")
        openapi_path = OPENAPI
        with open(cases_path, "w") as handle:
            handle.write(cases_doc if isinstance(cases_doc, str) else json.dumps(cases_doc))
        if openapi_doc is not None:
            openapi_path = os.path.join(directory, "openapi.json")
            with open(openapi_path, "w") as handle:
                json.dump(openapi_doc, handle)
        command = [sys.executable, SERVER, "--port", "0", "--schema", SCHEMA, "--openapi", openapi_path, "--cases", cases_path]
        return subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=20), cases_path

    def test_bad_configuration_is_a_located_error(self):
        result, path = self.run_with_config('{"routes": {\n  "verifyPurchase": }\n}')
        self.assertEqual(result.returncode, 2)
        self.assertIn(f"{path}:2:", result.stderr)
        body = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/NoSuchDefinition"}}}}
        result, _ = self.run_with_config({}, {"paths": {"/v1/x": {"post": {"operationId": "x", "requestBody": body}}}})
        self.assertEqual(result.returncode, 2)
        self.assertIn("no definition named 'NoSuchDefinition'", result.stderr)
        result, _ = self.run_with_config({"routes": {"ghostRoute": {}}})
        self.assertEqual(result.returncode, 2)
        self.assertIn("routes: 'ghostRoute' is no operation of the OpenAPI document", result.stderr)
        result, _ = self.run_with_config({"cases": [{"name": "c", "route": "ghost", "response": {}}]})
        self.assertEqual(result.returncode, 2)
        self.assertIn("case 'c': unknown route 'ghost'", result.stderr)

    def test_scripted_answer_that_breaks_the_schema_is_reported(self):
        directory = tempfile.mkdtemp(prefix="iapkit-check-", dir="/tmp")
        self.addCleanup(shutil.rmtree, directory, True)
        cases_path = os.path.join(directory, "cases.json")
        with open(cases_path, "w") as handle:
            json.dump({"apiKeys": {PK: "publishable"}, "routes": {"verifyPurchase": {
                "default": {"status": 200, "json": {"store": "apple", "isValid": "yes", "state": "ENTITLED"}}}}}, handle)
        process, port = start_server(self.schema_path, cases_path)
        try:
            request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/purchase/verify", method="POST",
                                             data=json.dumps({"store": "apple", "jws": APPLE_JWS}).encode(),
                                             headers={"Authorization": f"Bearer {PK}"})
            body = json.loads(urllib.request.urlopen(request, timeout=5).read())
            self.assertEqual(body["errors"][0]["code"], "TEST_SERVER_CASE_INVALID")
            self.assertIn("isValid", body["errors"][0]["message"])
        finally:
            process.stdin.close()
            process.wait(timeout=10)
            process.stdout.close()
            process.stderr.close()


if __name__ == "__main__":
    unittest.main()
