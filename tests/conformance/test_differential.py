"""The differential test as part of the conformance label: a short seeded stream (see
differential.py; KEYPLAN_DIFFERENTIAL_REQUESTS sets its length) against DynamoDB Local and
`keyplan-cli serve`, zero unexplained differences."""
import io
import os

import pytest

import differential


def test_random_requests_answer_as_dynamodb_local(conformance):
    if conformance.ours is None:
        return
    if conformance.ddbl is None:
        pytest.skip("compares live answers: DynamoDB Local is needed (it runs unless --recorded-only)")
    requests = int(os.environ.get("KEYPLAN_DIFFERENTIAL_REQUESTS", "1500"))
    report = io.StringIO()
    try:
        differences, counts = differential.run(conformance.ours.url, conformance.ddbl.url, requests, seed=20261201,
                                               report=report)
    finally:
        conformance.ours.dirty = conformance.ddbl.dirty = True
    assert sum(counts.values()) == requests
    assert not differences, report.getvalue()
