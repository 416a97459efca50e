"""Schemathesis hooks for the `schemathesis` test stage (scripts/test.mjs).

Signs the run in through the API itself and keeps it signed in: the session cookie
`tapinti_session` is the OpenAPI document's `session` security scheme, so Schemathesis can also
remove it or replace it with a forged one to check that secured operations refuse such requests
(ignored_auth). The cookie goes with the operations that declare the scheme; public ones
(register, login, logout, the public list…) are called signed out, as their contract says, so
they do not end the run's session. A fuzzed profile update may still rename the user and so
rotate its session: the next 401 signs a fresh user in (reauth on 401) and the request is
replayed.

    TAPINTI_URL           the platform under test
    TAPINTI_FUZZ_AS       'user' (a fresh ordinary user per sign-in) or 'super_admin'
    TAPINTI_ADMIN_USER / TAPINTI_ADMIN_PASSWORD   the seeded super admin (for 'super_admin')
    TAPINTI_ADMIN_DEVICE  the super admin's device cookie from run.mjs's own first sign-in
"""

import itertools
import os
import sys
import threading
import urllib.parse

import requests
import schemathesis

BASE_URL = os.environ["TAPINTI_URL"].rstrip("/")
FUZZ_AS = os.environ.get("TAPINTI_FUZZ_AS", "user")
COOKIE = "tapinti_session"

_counter = itertools.count(1)
_lock = threading.Lock()


def _session_cookie(response: requests.Response, what: str) -> str:
    if response.status_code not in (200, 201) or COOKIE not in response.cookies:
        # Schemathesis reports only "Token fetch failed": the reason goes to the stage's output.
        reason = f"{what} failed: {response.status_code} {response.text[:200]}"
        print(reason, file=sys.stderr, flush=True)
        raise RuntimeError(reason)
    return response.cookies[COOKIE]


def _register_user() -> str:
    with _lock:
        n = next(_counter)
    name = f"fuzz{os.getpid()}x{n}"
    response = requests.post(
        f"{BASE_URL}/api/register",
        json={"username": name, "email": f"{name}@fuzz.tapinti.test", "password": "Fuzz-Parol-12345"},
        timeout=30,
    )
    return _session_cookie(response, f"registering {name}")


# The super admin signs in as a browser does: one cookie jar showing the device cookie of the
# account's first sign-in (auth's known device), which run.mjs made before the first run, so every
# run is the same browser. The fuzzed logins, sent without it, are unknown clients: their failures
# lock those clients and their address out (for minutes), not the account's own browser.
_admin_browser = requests.Session()
if os.environ.get("TAPINTI_ADMIN_DEVICE"):
    # As the platform sets it (host-only, path /api), so its renewal at each sign-in replaces it.
    _admin_browser.cookies.set(
        "tapinti_device",
        os.environ["TAPINTI_ADMIN_DEVICE"],
        domain=urllib.parse.urlsplit(BASE_URL).hostname,
        path="/api",
    )


def _sign_in_super_admin() -> str:
    response = _admin_browser.post(
        f"{BASE_URL}/api/login",
        json={
            "username": os.environ["TAPINTI_ADMIN_USER"],
            "password": os.environ["TAPINTI_ADMIN_PASSWORD"],
        },
        timeout=30,
    )
    return _session_cookie(response, "super admin login")


@schemathesis.auth(retry_on=[401])
class TapintiSession:
    """The run's session cookie: fetched once, again after a 401 (the session was ended)."""

    def get(self, case, context):
        return _sign_in_super_admin() if FUZZ_AS == "super_admin" else _register_user()

    def set(self, case, data, context):
        if context.operation.definition.raw.get("security"):
            case.cookies = {**(case.cookies or {}), COOKIE: data}


# positive_data_acceptance, minus the refusals the contract itself announces. Some rules cannot be
# written in JSON Schema (a field against another field, or against stored state: "confirmPassword
# equals password", "fromDate is not after toDate", "imageUrl is a photo this user uploaded"), so
# a schema-valid request may break one and get 400. The OpenAPI document lists those rules per
# operation (`x-refusal-rules`, generated from the endpoint contracts); a 400 is accepted only when
# it names one of those fields. And a request whose path or query parameters do not match their
# own schemas is not "schema-valid": the stateful phase sometimes fills a path parameter from a
# null response field (`/api/organizations/None/requests`). Any other 400 for schema-valid data
# is still a failure. Two more refusals are the platform's own and documented:
# - a JSON body with a `__proto__` or `constructor.prototype` key anywhere is refused with 400
#   (packages/platform/src/json-body.ts), whatever extra properties the schema allows;
# - 410 Gone, where the operation lists it: a link or code that was used, replaced or never issued
#   (stored state, like 409).
# The run excludes the built-in check and uses this one in its place.
import jsonschema_rs  # noqa: E402
from schemathesis.openapi.checks import RejectedPositiveData  # noqa: E402
from schemathesis.specs.openapi.checks import positive_data_acceptance  # noqa: E402


def _refused_field(response):
    try:
        body = response.json()
    except Exception:  # noqa: BLE001 - any body that is not JSON names no field
        return None
    return body.get("field") if isinstance(body, dict) else None


def _parameters_match_their_schemas(case):
    sent = {"path": case.path_parameters or {}, "query": case.query or {}}
    for parameter in case.operation.definition.raw.get("parameters", []):
        values = sent.get(parameter["in"])
        if values is None or parameter["name"] not in values:
            continue
        value = values[parameter["name"]]
        if not isinstance(value, str) or not jsonschema_rs.validator_for(parameter["schema"]).is_valid(value):
            return False
    return True


def _has_forbidden_key(value):
    if isinstance(value, dict):
        if "__proto__" in value:
            return True
        if isinstance(value.get("constructor"), dict) and "prototype" in value["constructor"]:
            return True
        return any(_has_forbidden_key(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_forbidden_key(v) for v in value)
    return False


@schemathesis.check
def positive_data_acceptance_except_documented_rules(ctx, response, case):
    try:
        return positive_data_acceptance(ctx, response, case)
    except RejectedPositiveData:
        if response.status_code == 410 and "410" in case.operation.definition.raw.get("responses", {}):
            return None
        if response.status_code == 400 and _has_forbidden_key(case.body):
            return None
        if response.status_code == 400:
            rules = case.operation.definition.raw.get("x-refusal-rules") or []
            if _refused_field(response) in {rule["field"] for rule in rules}:
                return None
            if not _parameters_match_their_schemas(case):
                return None
        raise
