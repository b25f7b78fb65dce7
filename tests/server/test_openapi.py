"""The REST API against its own OpenAPI description (schemathesis), on a real server.

Every operation is called with generated input, anonymously and logged in; no call may
fail with a server error, and every answer must match the documented schema. Then with
negative data (input the schema forbids): every such call must be refused (4xx), never
accepted and never a server error.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)
from server_harness import ServerProcess

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(Path(tmp_path_factory.mktemp("schema"))).start()
    yield process
    process.stop()


def _cookie(server: ServerProcess) -> str:
    body = {"name": "schema_user", "password": "password1"}
    response = httpx.post(f"{server.base}/api/register", json=body)
    if response.status_code == 409:
        response = httpx.post(f"{server.base}/api/login", json=body)
    token = response.cookies.get("pref_session")
    assert token
    return token


def test_every_operation_conforms_to_the_openapi_description(club: ServerProcess) -> None:
    schema = schemathesis.openapi.from_url(f"{club.base}/openapi.json")
    headers = {"Cookie": f"pref_session={_cookie(club)}"}
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 15
    for operation in operations:
        for auth in (headers, None):
            _exercise(operation, club.base, auth)


def _exercise(operation: Any, base: str, headers: dict[str, str] | None) -> None:
    @given(case=operation.as_strategy())
    @settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
    def call(case: schemathesis.Case) -> None:
        case.call_and_validate(
            base_url=base,
            headers=headers,
            checks=[not_a_server_error, status_code_conformance, response_schema_conformance],
            excluded_checks=[negative_data_rejection],
        )

    call()


def test_negative_data_is_refused(club: ServerProcess) -> None:
    schema = schemathesis.openapi.from_url(f"{club.base}/openapi.json")
    headers = {"Cookie": f"pref_session={_cookie(club)}"}
    exercised = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        try:
            for auth in (headers, None):
                _refuse_negative(operation, club.base, auth)
        except Unsatisfiable:
            continue  # nothing to negate: an operation without parameters or body
        exercised += 1
    assert exercised >= 12


def _refuse_negative(operation: Any, base: str, headers: dict[str, str] | None) -> None:
    @given(case=operation.as_strategy(generation_mode=GenerationMode.NEGATIVE))
    @settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
    def call(case: schemathesis.Case) -> None:
        case.call_and_validate(
            base_url=base,
            headers=headers,
            checks=[not_a_server_error, negative_data_rejection, response_schema_conformance],
        )

    call()
