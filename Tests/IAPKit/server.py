#!/usr/bin/env python3
"""A scripted stand-in for the IAPKit HTTP API, for client tests.

Usage:
    python3 server.py --port 0 --schema Generated/JSONSchema/openiap.schema.json \
        --openapi Generated/OpenAPI/iapkit.openapi.json --cases Tests/IAPKit/cases.json

The first line on stdout is the port the server listens on (127.0.0.1 only).
The server stops on SIGTERM, SIGINT, or when its stdin reaches end of file
(pass --no-stdin-watch to keep it running with stdin closed).

The routes are the operations of the generated OpenAPI document: method,
path template, auth (bearer, or the key in the path parameter named by
x-api-key-parameter), path and query parameters, the body's type and the
type of each answer. Every request goes through the same steps as
upstream's v1 routes: route match -> authentication -> body size -> body and
parameter validation (bodies against the named definitions of the generated
JSON Schema) -> the first scripted case that matches -> the route's default
answer. Each step's answer uses upstream's error body,
{"errors": [{"code", "message", "path"?}]}.

cases.json (all names are data):
  apiKeys              key -> "publishable" | "secret" | "unauthorized"
  maxRequestBodyBytes  request body cap (413 above it)
  routes               operationId -> {correlationId (bool),
                       rateLimit ({"limit": n}), default (a response)}
  cases[]              name, route (an operationId), when {body, query,
                       params, apiKey} (partial match), response
A response: status, headers, json | text (+contentType) | empty |
bodyBytes (+contentLength false), etag (enables If-None-Match -> 304),
rawHeaderLines (written as given, for hostile headers), delayMs,
checkResponse (false skips the response-schema check).
Strings "${body.x}", "${query.x}", "${params.x}", "${apiKey}" inside json
are replaced by the request's value (the key is dropped when absent).

Test-only endpoints (not IAPKit routes, no auth):
  GET  /__test__/requests   every request seen since start or reset
  POST /__test__/reset      clear that log and the correlation-id counter
"""

import argparse
import json
import os
import re
import signal
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import jsonschema

LISTEN_HOST = "127.0.0.1"
MAX_API_KEY_LENGTH = 128
PUBLISHABLE_PREFIX = "openiap-kit_pk_"
SECRET_PREFIX = "openiap-kit_sk_"
TEST_PREFIX = "/__test__/"
MISSING = object()


class ConfigError(Exception):
    """cases.json or the schema cannot be used; the message names the place."""


# ---------------------------------------------------------------- config


def load_json(path, what):
    try:
        with open(path, "r", encoding="utf-8") as handle:
            return json.load(handle)
    except OSError as error:
        raise ConfigError(f"{path}: cannot read {what}: {error.strerror}")
    except json.JSONDecodeError as error:
        raise ConfigError(f"{path}:{error.lineno}:{error.colno}: {what} is not JSON: {error.msg}")


COMPONENTS_PREFIX = "#/components/schemas/"
DEFS_PREFIX = "#/$defs/"


def to_defs(value):
    """An OpenAPI schema with its component references pointed at $defs."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == "$ref" and isinstance(item, str) and item.startswith(COMPONENTS_PREFIX):
                out[key] = DEFS_PREFIX + item[len(COMPONENTS_PREFIX):]
            else:
                out[key] = to_defs(item)
        return out
    if isinstance(value, list):
        return [to_defs(item) for item in value]
    return value


def definition_name(schema, where):
    """The type a body schema names: {"$ref": "#/components/schemas/X"} -> X."""
    ref = (schema or {}).get("$ref", "")
    if not ref.startswith(COMPONENTS_PREFIX):
        raise ConfigError(f"openapi: {where}: expected a $ref into {COMPONENTS_PREFIX}")
    return ref[len(COMPONENTS_PREFIX):]


class SchemaBook:
    """Validators for named definitions of one JSON Schema 2020-12 document
    (the generated openiap.schema.json), and for inline schemas that refer
    to them."""

    def __init__(self, document, path):
        if not isinstance(document, dict) or not isinstance(document.get("$defs"), dict):
            raise ConfigError(f"{path}: the schema has no $defs object")
        self.document = document
        self.path = path
        self.validators = {}

    def has(self, name):
        return name in self.document["$defs"]

    def validator(self, name):
        if name not in self.validators:
            if not self.has(name):
                raise ConfigError(f"{self.path}: no definition named '{name}' in $defs")
            root = dict(self.document)
            root["$ref"] = "#/$defs/" + name
            self.validators[name] = jsonschema.Draft202012Validator(root)
        return self.validators[name]

    def inline(self, schema):
        root = dict(self.document)
        root.pop("$ref", None)
        root.update(to_defs(schema))
        return jsonschema.Draft202012Validator(root)


class Route:
    """One operation of the generated OpenAPI document, plus the test
    server's own settings for it from cases.json (correlation ids, rate-limit
    headers, the default answer)."""

    def __init__(self, path, method, operation, behaviour, book):
        self.name = operation.get("operationId")
        if not isinstance(self.name, str):
            raise ConfigError(f"openapi: {method.upper()} {path}: no operationId")
        self.method = method.upper()
        self.template = path
        self.segments = self.template.strip("/").split("/")
        self.param_names = [s[1:-1] for s in self.segments if s.startswith("{") and s.endswith("}")]
        if any(entry.get("bearerApiKey") is not None for entry in operation.get("security") or []):
            self.auth = "bearer"
        elif operation.get("x-api-key-parameter"):
            self.auth = "pathKey"
        else:
            self.auth = "none"
        self.key_param = operation.get("x-api-key-parameter")
        if self.auth == "pathKey" and self.key_param not in self.param_names:
            raise ConfigError(f"openapi: route '{self.name}': x-api-key-parameter names no path segment")
        body = operation.get("requestBody")
        self.body = None
        if body is not None:
            self.body = definition_name(body["content"]["application/json"]["schema"], f"route '{self.name}' requestBody")
            book.validator(self.body)
        self.params = {}
        self.query = {}
        for parameter in operation.get("parameters") or []:
            schema = parameter.get("schema", {})
            if parameter["in"] == "path":
                self.params[parameter["name"]] = (schema, book.inline(schema))
            elif parameter["in"] == "query":
                self.query[parameter["name"]] = (bool(parameter.get("required")), schema, book.inline(schema))
        self.responses = {}
        for status, response in (operation.get("responses") or {}).items():
            content = (response.get("content") or {}).get("application/json")
            if content is not None:
                name = definition_name(content.get("schema"), f"route '{self.name}' response {status}")
                book.validator(name)
                self.responses[status] = name
        self.correlation_id = bool(behaviour.get("correlationId"))
        self.rate_limit = behaviour.get("rateLimit")
        self.default = behaviour.get("default")

    def match(self, method, raw_segments):
        """Decoded path parameters when the path fits this route, else None."""
        if len(raw_segments) != len(self.segments):
            return None
        params = {}
        for template, raw in zip(self.segments, raw_segments):
            if template.startswith("{") and template.endswith("}"):
                params[template[1:-1]] = urllib.parse.unquote(raw, errors="strict")
            elif raw != template:
                return None
        return params if method == self.method else MISSING


class Config:
    def __init__(self, cases_doc, book, openapi):
        if not isinstance(cases_doc, dict):
            raise ConfigError("cases.json: the top level must be an object")
        if not isinstance(openapi, dict) or not isinstance(openapi.get("paths"), dict):
            raise ConfigError("openapi: the document has no paths object")
        self.book = book
        self.api_keys = cases_doc.get("apiKeys") or {}
        for key, kind in self.api_keys.items():
            if kind not in ("publishable", "secret", "unauthorized"):
                raise ConfigError(f"cases.json: apiKeys['{key}']: unknown kind '{kind}'")
        self.max_body = int(cases_doc.get("maxRequestBodyBytes", 32 * 1024))
        behaviours = cases_doc.get("routes") or {}
        if not isinstance(behaviours, dict):
            raise ConfigError("cases.json: 'routes' must map operationIds to settings")
        self.routes = []
        for path, item in openapi["paths"].items():
            for method, operation in item.items():
                route_name = operation.get("operationId")
                self.routes.append(Route(path, method, operation, behaviours.get(route_name) or {}, book))
        names = {route.name for route in self.routes}
        if len(names) != len(self.routes):
            raise ConfigError("openapi: operationIds must be unique")
        for name in behaviours:
            if name not in names:
                raise ConfigError(f"cases.json: routes: '{name}' is no operation of the OpenAPI document")
        self.cases = cases_doc.get("cases") or []
        for i, case in enumerate(self.cases):
            label = case.get("name", f"cases[{i}]")
            if case.get("route") not in names:
                raise ConfigError(f"cases.json: case '{label}': unknown route '{case.get('route')}'")
            if not isinstance(case.get("response"), dict):
                raise ConfigError(f"cases.json: case '{label}': response must be an object")


def query_value(text, schema):
    """A query string value as the JSON value its schema describes: integers
    and booleans are written as text in a URL. MISSING when it is neither."""
    kind = schema.get("type")
    if kind == "integer":
        return int(text) if re.fullmatch(r"-?[0-9]{1,15}", text) else MISSING
    if kind == "boolean":
        return {"true": True, "false": False}.get(text, MISSING)
    return text


# ---------------------------------------------------------------- helpers


def error_body(code, message, path=None):
    entry = {"code": code, "message": message}
    if path:
        entry["path"] = path
    return {"errors": [entry]}


def api_key_shape_error(key):
    if key is None or not key.strip():
        return "API key is required"
    if re.search(r"\s", key):
        return "API key is malformed"
    if len(key) > MAX_API_KEY_LENGTH:
        return "API key is too long"
    return None


def partial_match(expected, actual):
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return False
        return all(k in actual and partial_match(v, actual[k]) for k, v in expected.items())
    return expected == actual and type(expected) is type(actual)


def lookup(context, dotted):
    value = context
    for part in dotted.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        else:
            return MISSING
    return value


TEMPLATE = re.compile(r"^\$\{([A-Za-z0-9_.]+)\}$")


def render(value, context):
    if isinstance(value, str):
        found = TEMPLATE.match(value)
        return lookup(context, found.group(1)) if found else value
    if isinstance(value, list):
        rendered = [render(item, context) for item in value]
        return [None if item is MISSING else item for item in rendered]
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            item = render(item, context)
            if item is not MISSING:
                out[key] = item
        return out
    return value


def issue_path(error):
    """Dotted request path of a validation error, as upstream's validator builds it."""
    parts = [str(p) for p in error.absolute_path]
    if error.validator == "required" and isinstance(error.instance, dict):
        missing = [p for p in error.validator_value if p not in error.instance]
        if missing:
            parts.append(str(missing[0]))
    return ".".join(parts) or None


def first_error(validator, instance):
    errors = list(validator.iter_errors(instance))
    if not errors:
        return None
    return explain(jsonschema.exceptions.best_match(errors))


def explain(error):
    """The most useful error inside a union (anyOf/oneOf) failure.

    Branches that fail on a const (the store discriminator) are not the one the
    request meant; among the rest, take the best match, so the client learns
    which field of its own member failed. With no such branch, the
    discriminator itself is the problem."""
    if not error.context:
        return error
    branches = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    meant = [subs for subs in branches.values()
             if not any(sub.validator == "const" for sub in subs)]
    if not meant:
        discriminators = [sub for sub in error.context if sub.validator == "const"]
        return discriminators[0] if discriminators else error
    return explain(jsonschema.exceptions.best_match([sub for subs in meant for sub in subs]))


def etag_matches(header, etag):
    if not header:
        return False
    wanted = etag[2:] if etag.startswith("W/") else etag
    for candidate in header.split(","):
        candidate = candidate.strip()
        if candidate == "*":
            return True
        if (candidate[2:] if candidate.startswith("W/") else candidate) == wanted:
            return True
    return False


# ---------------------------------------------------------------- server


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.requests = []
        self.sequence = 0

    def next_correlation_id(self):
        with self.lock:
            self.sequence += 1
            return f"00000000-0000-4000-8000-{self.sequence:012d}"

    def record(self, entry):
        with self.lock:
            self.requests.append(entry)

    def reset(self):
        with self.lock:
            self.requests = []
            self.sequence = 0


class Reply(Exception):
    """Stops request handling with a finished response description."""

    def __init__(self, status, json_body=None, headers=None, text=None):
        super().__init__(status)
        self.response = {"status": status, "headers": headers or {}}
        if json_body is not None:
            self.response["json"] = json_body
        if text is not None:
            self.response["text"] = text
            self.response["contentType"] = "text/plain; charset=UTF-8"
        self.response["checkResponse"] = False
        self.response["literal"] = True  # never expand ${...} in server-made bodies


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "IapkitTestServer/1"
    sys_version = ""

    config = None  # set by serve()
    state = None
    verbose = False

    def log_message(self, fmt, *args):
        if self.verbose:
            sys.stderr.write("iapkit-test-server: " + (fmt % args) + "\n")

    def do_GET(self):
        self.handle_any("GET")

    def do_POST(self):
        self.handle_any("POST")

    def do_PUT(self):
        self.handle_any("PUT")

    def do_DELETE(self):
        self.handle_any("DELETE")

    def do_PATCH(self):
        self.handle_any("PATCH")

    def do_HEAD(self):
        self.handle_any("HEAD")

    def do_OPTIONS(self):
        self.handle_any("OPTIONS")

    def do_TRACE(self):
        self.handle_any("TRACE")

    def __getattr__(self, name):
        # Any other method (QUERY, PROPFIND...) reaches the route lookup too,
        # and gets the 404 IAPKit gives a method a path does not have.
        if name.startswith("do_") and name[3:].isupper():
            return lambda: self.handle_any(name[3:])
        raise AttributeError(name)

    # -- entry point

    def handle_any(self, method):
        target = urllib.parse.urlsplit(self.path)
        raw_path, raw_query = target.path, target.query
        if raw_path.startswith(TEST_PREFIX):
            self.handle_test_endpoint(method, raw_path)
            return
        entry = {
            "method": method,
            "path": raw_path,
            "query": raw_query,
            "headers": {k.lower(): v for k, v in self.headers.items()},
        }
        route = None
        context = {"params": {}, "query": {}, "body": MISSING, "apiKey": MISSING}
        self.body_consumed = False
        try:
            route, params = self.find_route(method, raw_path)
            entry["route"] = route.name
            entry["params"] = params
            context["params"] = params
            context["query"] = entry["queryParams"] = self.parse_query(raw_query)
            if route.correlation_id:
                context["correlationId"] = self.state.next_correlation_id()
            context["apiKey"] = self.authenticate(route, params)
            context["body"] = self.read_body(route, entry)
            self.validate(route, context["params"], context["query"], context["body"])
            response, entry["case"] = self.pick_case(route, context)
        except Reply as reply:
            response = reply.response
        if not self.body_consumed:
            # An unread request body would be parsed as the next request.
            self.close_connection = True
        entry["status"] = response.get("status")
        self.state.record(entry)
        self.send(route, response, context)

    def handle_test_endpoint(self, method, raw_path):
        self.drain_body()
        if method == "GET" and raw_path == TEST_PREFIX + "requests":
            with self.state.lock:
                payload = list(self.state.requests)
            self.send_plain(200, json.dumps(payload).encode("utf-8"), "application/json")
        elif method == "POST" and raw_path == TEST_PREFIX + "reset":
            self.state.reset()
            self.send_plain(204, b"", None)
        else:
            self.send_plain(404, b"404 Not Found", "text/plain; charset=UTF-8")

    # -- steps

    def find_route(self, method, raw_path):
        raw_segments = raw_path.strip("/").split("/")
        for raw in raw_segments:
            if raw in (".", "..") or urllib.parse.unquote(raw) in (".", ".."):
                raise Reply(400, error_body("INVALID_INPUT", "path segments must not be '.' or '..'"))
        for route in self.config.routes:
            try:
                params = route.match(method, raw_segments)
            except UnicodeDecodeError:
                raise Reply(400, error_body("INVALID_INPUT", "path is not valid percent-encoded UTF-8"))
            if params is not None and params is not MISSING:
                return route, params
        # Hono answers unknown paths, and known paths with another method, with
        # its plain-text default 404.
        raise Reply(404, text="404 Not Found")

    def parse_query(self, raw_query):
        try:
            pairs = urllib.parse.parse_qsl(raw_query, keep_blank_values=True, errors="strict")
        except (UnicodeDecodeError, ValueError):
            raise Reply(400, error_body("INVALID_INPUT", "query is not valid percent-encoded UTF-8"))
        query = {}
        for key, value in pairs:
            query.setdefault(key, value)  # first value wins, as c.req.query() does
        return query

    def authenticate(self, route, params):
        if route.auth == "none":
            return MISSING
        if route.auth == "bearer":
            header = self.headers.get("Authorization")
            if header is None:
                raise Reply(401, error_body(
                    "MISSING_API_KEY",
                    'An API key must be provided in the Authorization header in the format "Bearer api-key"'))
            parts = header.strip().split()
            if len(parts) != 2 or parts[0].lower() != "bearer":
                raise Reply(403, error_body(
                    "INVALID_API_KEY",
                    'An API key must be provided in the Authorization header in the format "Bearer api-key"'))
            key = parts[1]
        else:
            key = params.get(route.key_param)
            if key is not None and key.startswith(SECRET_PREFIX):
                raise Reply(410, error_body(
                    "SECRET_API_KEY_IN_URL",
                    "Secret API keys are not accepted in URLs. Use Authorization: Bearer <secret-key> on the canonical route."))
        shape = api_key_shape_error(key)
        if shape:
            raise Reply(403, error_body("INVALID_API_KEY", shape))
        kind = self.config.api_keys.get(key)
        if kind is None:
            raise Reply(400, error_body("INVALID_API_KEY", "Invalid API key"))
        if kind == "unauthorized":
            # Stands in for a proxy that stripped the Authorization header.
            raise Reply(401, error_body(
                "MISSING_API_KEY",
                'An API key must be provided in the Authorization header in the format "Bearer api-key"'))
        return key

    def drain_body(self):
        length = self.headers.get("Content-Length")
        if length and length.isdigit():
            self.rfile.read(int(length))

    def read_body(self, route, entry):
        cap = self.config.max_body
        length_header = self.headers.get("Content-Length")
        chunked = "chunked" in (self.headers.get("Transfer-Encoding") or "").lower()
        too_large = Reply(413, error_body("PAYLOAD_TOO_LARGE", "Request body is too large"))
        if length_header is not None:
            if not length_header.strip().isdigit():
                self.close_connection = True
                raise Reply(400, error_body("INVALID_INPUT", "Content-Length is not a number"))
            length = int(length_header)
            if length > cap:
                self.close_connection = True
                raise too_large
            raw = self.rfile.read(length)
        elif chunked:
            raw = self.read_chunked(cap, too_large)
        else:
            raw = b""
        self.body_consumed = True
        entry["body"] = raw.decode("utf-8", errors="replace")
        if route.body is None:
            return MISSING
        if not raw:
            raise Reply(400, error_body("INVALID_INPUT", "Body is not JSON"))
        try:
            return json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise Reply(400, error_body("INVALID_INPUT", "Body is not JSON"))

    def read_chunked(self, cap, too_large):
        data = bytearray()
        while True:
            size_line = self.rfile.readline(1024).split(b";")[0].strip()
            try:
                size = int(size_line, 16)
            except ValueError:
                self.close_connection = True
                raise Reply(400, error_body("INVALID_INPUT", "bad chunked encoding"))
            if size == 0:
                while self.rfile.readline(1024) not in (b"\r\n", b"\n", b""):
                    pass
                return bytes(data)
            if len(data) + size > cap:
                self.close_connection = True
                raise too_large
            data += self.rfile.read(size)
            self.rfile.readline(1024)

    def validate(self, route, params, query, body):
        for name, (schema, validator) in route.params.items():
            if first_error(validator, params.get(name)) is not None:
                raise Reply(400, error_body("INVALID_INPUT", f"{name} is invalid"))
        for name, (required, schema, validator) in route.query.items():
            if name not in query:
                if required:
                    raise Reply(400, error_body("INVALID_INPUT", f"{name} is required"))
                continue
            if not query[name].strip():
                # Upstream trims text parameters and refuses what is left empty.
                raise Reply(400, error_body("INVALID_INPUT", f"{name} is required"))
            value = query_value(query[name], schema)
            if value is MISSING or first_error(validator, value) is not None:
                raise Reply(400, error_body("INVALID_INPUT", f"{name} is invalid"))
        if route.body is not None:
            error = first_error(self.config.book.validator(route.body), body)
            if error is not None:
                raise Reply(400, error_body("INVALID_INPUT", error.message[:300], issue_path(error)))

    def pick_case(self, route, context):
        for case in self.config.cases:
            if case["route"] != route.name:
                continue
            when = case.get("when") or {}
            if "apiKey" in when and when["apiKey"] != context.get("apiKey"):
                continue
            if not all(partial_match(when.get(part, {}), context.get(part) if context.get(part) is not MISSING else {})
                       for part in ("body", "query", "params")):
                continue
            return case["response"], case.get("name")
        if route.default is not None:
            return route.default, "(default)"
        raise Reply(500, error_body("TEST_SERVER_NO_CASE", f"no scripted case for route {route.name}"))

    # -- output

    def send(self, route, response, context):
        delay = response.get("delayMs")
        if delay:
            time.sleep(delay / 1000.0)
        status = int(response.get("status", 200))
        headers = dict(response.get("headers") or {})
        raw_lines = list(response.get("rawHeaderLines") or [])
        if route is not None and route.correlation_id and context.get("correlationId") and status not in (401, 403):
            headers.setdefault("X-Correlation-Id", context["correlationId"])
        # Upstream's auth guards run before the rate limiter: no X-RateLimit-* on their answers.
        if route is not None and route.rate_limit and status not in (401, 403, 404, 410):
            headers.setdefault("X-RateLimit-Limit", str(route.rate_limit.get("limit", 600)))
            headers.setdefault("X-RateLimit-Remaining", str(route.rate_limit.get("remaining", 599)))
        etag = response.get("etag")
        if etag:
            headers["ETag"] = etag
            if etag_matches(self.headers.get("If-None-Match"), etag):
                self.write_response(304, headers, raw_lines, None, None)
                return
        body, content_type = self.response_body(route, response, context, status)
        self.write_response(status, headers, raw_lines, body, content_type,
                            with_length=response.get("contentLength", True))

    def response_body(self, route, response, context, status):
        if "json" in response:
            value = response["json"] if response.get("literal") else render(response["json"], context)
            if response.get("checkResponse", True) and route is not None:
                problem = self.check_response(route, status, value)
                if problem:
                    sys.stderr.write(f"iapkit-test-server: scripted response breaks the schema: {problem}\n")
                    value = error_body("TEST_SERVER_CASE_INVALID", problem)
            return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8"), "application/json"
        if "text" in response:
            return response["text"].encode("utf-8"), response.get("contentType", "text/plain; charset=UTF-8")
        if "bodyBytes" in response:
            size = int(response["bodyBytes"])
            head, tail = b'{"pad":"', b'"}'
            filler = b"x" * max(0, size - len(head) - len(tail))
            return (head + filler + tail)[:size] if size >= len(head) + len(tail) else b"x" * size, "application/json"
        return b"", None

    def check_response(self, route, status, value):
        definition = route.responses.get(str(status)) or route.responses.get("default")
        if definition is None:
            return None
        error = first_error(self.config.book.validator(definition), value)
        if error is None:
            return None
        where = issue_path(error) or "(root)"
        return f"route {route.name} status {status}: {definition} at {where}: {error.message[:200]}"

    def write_response(self, status, headers, raw_lines, body, content_type, with_length=True):
        """Writes the whole response as given; header values are not cleaned,
        so a case can send the hostile bytes a client must survive."""
        reason = self.responses.get(status, ("Unknown",))[0]
        lines = [f"HTTP/1.1 {status} {reason}", f"Server: {self.server_version}",
                 f"Date: {self.date_time_string()}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        lines += raw_lines
        if body is not None and status != 304:
            if content_type:
                lines.append(f"Content-Type: {content_type}")
            if with_length:
                lines.append(f"Content-Length: {len(body)}")
            else:
                lines.append("Connection: close")
                self.close_connection = True
        elif status != 304:
            lines.append("Content-Length: 0")
        if self.close_connection and with_length:
            lines.append("Connection: close")
        head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1", errors="replace")
        self.wfile.write(head)
        if body and status != 304 and self.command != "HEAD":
            self.wfile.write(body)
        self.log_request(status)

    def send_plain(self, status, body, content_type):
        self.write_response(status, {}, [], body, content_type)


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # Clients under test hang up on purpose (size caps, timeouts): not errors.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError, TimeoutError)):
            return
        super().handle_error(request, client_address)


# ---------------------------------------------------------------- main


def serve(arguments):
    book = SchemaBook(load_json(arguments.schema, "the schema"), arguments.schema)
    openapi = load_json(arguments.openapi, "the OpenAPI document")
    config = Config(load_json(arguments.cases, "the cases"), book, openapi)

    handler = type("BoundHandler", (Handler,), {
        "config": config, "state": State(), "verbose": arguments.verbose})
    httpd = QuietServer((LISTEN_HOST, arguments.port), handler)

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    if not arguments.no_stdin_watch:
        def watch_stdin():
            # os.read on the descriptor, not sys.stdin: a daemon thread blocked
            # inside the buffered reader aborts the interpreter at exit.
            try:
                while os.read(sys.stdin.fileno(), 4096):
                    pass
            except (OSError, ValueError):
                pass
            stop.set()
        threading.Thread(target=watch_stdin, daemon=True).start()

    worker = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    worker.start()
    sys.stdout.write(f"{httpd.server_address[1]}\n")
    sys.stdout.flush()
    while not stop.wait(0.2):
        pass
    httpd.shutdown()
    httpd.server_close()
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description="Scripted IAPKit test server (127.0.0.1 only).")
    parser.add_argument("--port", type=int, default=0, help="port to listen on; 0 picks a free one")
    parser.add_argument("--schema", required=True, help="JSON Schema 2020-12 document with $defs")
    parser.add_argument("--openapi", required=True, help="the generated OpenAPI document: the routes")
    parser.add_argument("--cases", required=True, help="scripted cases and per-route settings (cases.json)")
    parser.add_argument("--no-stdin-watch", action="store_true", help="do not stop when stdin closes")
    parser.add_argument("--verbose", action="store_true", help="log each request to stderr")
    arguments = parser.parse_args(argv)
    try:
        return serve(arguments)
    except ConfigError as error:
        sys.stderr.write(f"error: {error}\n")
        return 2
    except OSError as error:
        sys.stderr.write(f"error: cannot listen on {LISTEN_HOST}:{arguments.port}: {error.strerror}\n")
        return 2


if __name__ == "__main__":
    sys.exit(main())
