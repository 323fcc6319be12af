"""Every case runs against `keyplan-cli serve` and against DynamoDB Local (live, or its recorded
answer), and both must answer the same: items and their order, Count, ScannedCount,
LastEvaluatedKey, ConsumedCapacity, ReturnValues, error type and message. Where DynamoDB Local is
known to differ from DynamoDB, the case carries DynamoDB's answer (`aws`) and that is the one
checked. A case whose store feature has not landed yet (the store answers that it is not
supported) is reported as xfail with the feature it awaits, and runs for real once it lands."""
import json

import pytest

import runner
import cases
from cases import CASES


def expected_answer(case, reference):
    """DynamoDB Local's answer, with DynamoDB's where the two are known to differ: the case's own
    `aws` answers, then the general rules of cases.service_answer."""
    expected = json.loads(json.dumps(reference))
    for index, answer in case["aws"].items():
        expected[int(index)] = answer
    for index, patch in case.get("aws_patch", {}).items():
        expected[index] = patch(expected[index])
        case.setdefault("rule_why", case["why"])
    # An answer DynamoDB derives from another step's (a PartiQL statement's capacity is that of
    # the equivalent JSON-API call the case also makes).
    for index, derive in case.get("aws_derive", {}).items():
        if "ok" in expected[index] and all("ok" in e for e in expected):
            expected[index] = derive(expected)
            case.setdefault("rule_why", case["why"])
    for index, step in enumerate(case["steps"]):
        if (str(index) in case["aws"] or index in case["aws"] or index >= len(expected)
                or index in case.get("aws_derive", {})):
            continue
        expected[index], why = cases.service_answer(step, expected[index])
        if why:
            case.setdefault("rule_why", why)
    return expected


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_same_answer_as_dynamodb(case, conformance):
    reference = conformance.reference(case)
    if conformance.ours is None:  # recording DynamoDB Local's answers only
        return
    ours = conformance.ours.run(case)
    if reference is None:
        pytest.fail(f"no recorded DynamoDB Local answer for {case['name']}: run with --record where the emulator runs")
    expected = expected_answer(case, reference)
    if ours == expected:
        return
    if runner.looks_unsupported(ours):
        pytest.xfail("awaiting store support for " + (", ".join(case["needs"]) or "an operation") + ": " +
                     json.dumps(ours)[:200])
    reason = case["why"] if case["aws"] else case.get("rule_why")
    why = f"\n(follows DynamoDB, not DynamoDB Local: {reason})" if reason else ""
    assert ours == expected, (f"keyplan and DynamoDB differ for {case['name']}{why}\n"
                              f"keyplan:  {json.dumps(ours, sort_keys=True)}\n"
                              f"expected: {json.dumps(expected, sort_keys=True)}")


def test_health_line(conformance):
    import servers
    if conformance.ours is None:
        return
    status, text = servers.health(conformance.ours.url)
    assert status == 200 and text.startswith("healthy")


def test_enough_cases():
    assert len(CASES) >= 200
    ops = {s[0] for c in CASES for s in c["steps"]}
    for op in ("CreateTable", "DeleteTable", "DescribeTable", "ListTables", "PutItem", "GetItem", "DeleteItem",
               "UpdateItem", "Query", "Scan", "BatchGetItem", "BatchWriteItem", "TransactWriteItems",
               "TransactGetItems", "raw"):
        assert op in ops, op
