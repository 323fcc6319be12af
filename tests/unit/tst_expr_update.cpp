// Update expressions applied to an item: SET (arithmetic, if_not_exists, list_append, list index
// past the end), REMOVE (list elements shift), ADD, DELETE, their errors, and the UPDATED_OLD /
// UPDATED_NEW images. Each expected result was read off DynamoDB Local 1.25 with boto3: PutItem
// kItem, then UpdateItem with ReturnValues ALL_NEW (the new item or the error), then again from
// kItem with UPDATED_OLD and with UPDATED_NEW.
#include "tst_expr_support.h"

#include <QTest>

using namespace exprtest;

namespace {

const char* const kItem =
    "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}";

void addSetRows()
{
    QTest::newRow("set attribute")
        << "SET a = :v"
        << "{\":v\": {\"S\": \"y\"}}"
        << "{\"a\": {\"S\": \"y\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{\"a\": {\"S\": \"x\"}}"
        << "{\"a\": {\"S\": \"y\"}}";
    QTest::newRow("set new attribute")
        << "SET z = :v"
        << "{\":v\": {\"S\": \"y\"}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}, \"z\": {\"S\": \"y\"}}"
        << "{}"
        << "{\"z\": {\"S\": \"y\"}}";
    QTest::newRow("set nested")
        << "SET m.x = :v"
        << "{\":v\": {\"S\": \"y\"}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"S\": \"y\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{\"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}}"
        << "{\"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"S\": \"y\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}}";
    QTest::newRow("set nested new key")
        << "SET m.w = :v"
        << "{\":v\": {\"S\": \"y\"}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"w\": {\"S\": \"y\"}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{}"
        << "{\"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"w\": {\"S\": \"y\"}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}}";
    QTest::newRow("set deep")
        << "SET m.l[1].q = :v"
        << "{\":v\": {\"N\": \"9\"}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"9\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{\"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}}"
        << "{\"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"9\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}}";
    QTest::newRow("set list element")
        << "SET l[1] = :v"
        << "{\":v\": {\"S\": \"y\"}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"S\": \"y\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{\"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}}"
        << "{\"l\": {\"L\": [{\"N\": \"0\"}, {\"S\": \"y\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}}";
    QTest::newRow("set past the end appends")
        << "SET l[10] = :v"
        << "{\":v\": {\"S\": \"y\"}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}, {\"S\": \"y\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{}"
        << "{}";
    QTest::newRow("set two past the end keeps order")
        << "SET l[20] = :v, l[10] = :w"
        << "{\":v\": {\"S\": \"y\"}, \":w\": {\"S\": \"w\"}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}, {\"S\": \"w\"}, {\"S\": \"y\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{}"
        << "{}";
    QTest::newRow("set into missing map") << "SET nope.x = :v"
                                          << "{\":v\": {\"S\": \"y\"}}"
                                          << "ERR The document path provided in the update expression is invalid for update"
                                          << ""
                                          << "";
    QTest::newRow("set into scalar") << "SET a.x = :v"
                                     << "{\":v\": {\"S\": \"y\"}}"
                                     << "ERR The document path provided in the update expression is invalid for update"
                                     << ""
                                     << "";
    QTest::newRow("set index into map") << "SET m[0] = :v"
                                        << "{\":v\": {\"S\": \"y\"}}"
                                        << "ERR The document path provided in the update expression is invalid for update"
                                        << ""
                                        << "";
    QTest::newRow("set name into list") << "SET l.x = :v"
                                        << "{\":v\": {\"S\": \"y\"}}"
                                        << "ERR The document path provided in the update expression is invalid for update"
                                        << ""
                                        << "";
    QTest::newRow("set from other attribute")
        << "SET z = n"
        << ""
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}, \"z\": {\"N\": \"10\"}}"
        << "{}"
        << "{\"z\": {\"N\": \"10\"}}";
    QTest::newRow("set from missing attribute")
        << "SET z = nope"
        << ""
        << "ERR The provided expression refers to an attribute that does not exist in the item"
        << ""
        << "";
    QTest::newRow("set values read the old item")
        << "SET n = :v, z = n"
        << "{\":v\": {\"N\": \"1\"}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"1\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}, \"z\": {\"N\": \"10\"}}"
        << "{\"n\": {\"N\": \"10\"}}"
        << "{\"n\": {\"N\": \"1\"}, \"z\": {\"N\": \"10\"}}";
}

void addArithmeticAndFunctionRows()
{
    QTest::newRow("plus")
        << "SET n = n + :v"
        << "{\":v\": {\"N\": \"0.5\"}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10.5\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{\"n\": {\"N\": \"10\"}}"
        << "{\"n\": {\"N\": \"10.5\"}}";
    QTest::newRow("minus")
        << "SET n = n - :v"
        << "{\":v\": {\"N\": \"15\"}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"-5\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{\"n\": {\"N\": \"10\"}}"
        << "{\"n\": {\"N\": \"-5\"}}";
    QTest::newRow("plus missing") << "SET n = nope + :v"
                                  << "{\":v\": {\"N\": \"1\"}}"
                                  << "ERR The provided expression refers to an attribute that does not exist in the item"
                                  << ""
                                  << "";
    QTest::newRow("plus string") << "SET n = a + :v"
                                 << "{\":v\": {\"N\": \"1\"}}"
                                 << "ERR An operand in the update expression has an incorrect data type"
                                 << ""
                                 << "";
    QTest::newRow("plus 38 digits")
        << "SET n = :a + :b"
        << "{\":a\": {\"N\": \"99999999999999999999999999999999999999\"}, \":b\": {\"N\": \"1\"}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"100000000000000000000000000000000000000\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{\"n\": {\"N\": \"10\"}}"
        << "{\"n\": {\"N\": \"100000000000000000000000000000000000000\"}}";
    QTest::newRow("plus precision error") << "SET n = :a + :b"
                                          << "{\":a\": {\"N\": \"10000000000000000000000000000000000000\"}, \":b\": {\"N\": \"0.1\"}}"
                                          << "ERR Attempting to store more than 38 significant digits in a Number"
                                          << ""
                                          << "";
    QTest::newRow("if_not_exists missing")
        << "SET z = if_not_exists(nope, :v)"
        << "{\":v\": {\"S\": \"y\"}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}, \"z\": {\"S\": \"y\"}}"
        << "{}"
        << "{\"z\": {\"S\": \"y\"}}";
    QTest::newRow("if_not_exists present")
        << "SET z = if_not_exists(a, :v)"
        << "{\":v\": {\"S\": \"y\"}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}, \"z\": {\"S\": \"x\"}}"
        << "{}"
        << "{\"z\": {\"S\": \"x\"}}";
    QTest::newRow("if_not_exists counter")
        << "SET c = if_not_exists(c, :z) + :one"
        << "{\":one\": {\"N\": \"1\"}, \":z\": {\"N\": \"0\"}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"c\": {\"N\": \"1\"}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{}"
        << "{\"c\": {\"N\": \"1\"}}";
    QTest::newRow("list_append")
        << "SET l = list_append(l, :v)"
        << "{\":v\": {\"L\": [{\"S\": \"y\"}]}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}, {\"S\": \"y\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{\"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}}"
        << "{\"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}, {\"S\": \"y\"}]}}";
    QTest::newRow("list_append prepend")
        << "SET l = list_append(:v, l)"
        << "{\":v\": {\"L\": [{\"S\": \"y\"}]}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"S\": \"y\"}, {\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{\"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}}"
        << "{\"l\": {\"L\": [{\"S\": \"y\"}, {\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}}";
    QTest::newRow("list_append missing") << "SET z = list_append(nope, :v)"
                                         << "{\":v\": {\"L\": []}}"
                                         << "ERR The provided expression refers to an attribute that does not exist in the item"
                                         << ""
                                         << "";
    QTest::newRow("list_append not list") << "SET z = list_append(a, :v)"
                                          << "{\":v\": {\"L\": []}}"
                                          << "ERR An operand in the update expression has an incorrect data type"
                                          << ""
                                          << "";
}

void addRemoveAddAndDeleteRows()
{
    QTest::newRow("remove")
        << "REMOVE a, n"
        << ""
        << "{\"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{\"a\": {\"S\": \"x\"}, \"n\": {\"N\": \"10\"}}"
        << "{}";
    QTest::newRow("remove missing")
        << "REMOVE nope, m.nope, l[10]"
        << ""
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{}"
        << "{}";
    QTest::newRow("remove list elements shift")
        << "REMOVE l[1], l[2]"
        << ""
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{\"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}}"
        << "{\"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"3\"}]}}";
    QTest::newRow("remove nested")
        << "REMOVE m.y.z"
        << ""
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{\"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}}"
        << "{}";
    QTest::newRow("remove into missing map") << "REMOVE nope.x"
                                             << ""
                                             << "ERR The document path provided in the update expression is invalid for update"
                                             << ""
                                             << "";
    QTest::newRow("add number")
        << "ADD n :v"
        << "{\":v\": {\"N\": \"5\"}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"15\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{\"n\": {\"N\": \"10\"}}"
        << "{\"n\": {\"N\": \"15\"}}";
    QTest::newRow("add missing number")
        << "ADD z :v"
        << "{\":v\": {\"N\": \"5\"}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}, \"z\": {\"N\": \"5\"}}"
        << "{}"
        << "{\"z\": {\"N\": \"5\"}}";
    QTest::newRow("add set")
        << "ADD ss :v"
        << "{\":v\": {\"SS\": [\"c\", \"d\"]}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\", \"d\"]}}"
        << "{\"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{\"ss\": {\"SS\": [\"a\", \"b\", \"c\", \"d\"]}}";
    QTest::newRow("add missing set")
        << "ADD z :v"
        << "{\":v\": {\"NS\": [\"3\"]}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}, \"z\": {\"NS\": [\"3\"]}}"
        << "{}"
        << "{\"z\": {\"NS\": [\"3\"]}}";
    QTest::newRow("add set type mismatch") << "ADD ss :v"
                                           << "{\":v\": {\"NS\": [\"3\"]}}"
                                           << "ERR An operand in the update expression has an incorrect data type"
                                           << ""
                                           << "";
    QTest::newRow("add to string") << "ADD a :v"
                                   << "{\":v\": {\"N\": \"1\"}}"
                                   << "ERR An operand in the update expression has an incorrect data type"
                                   << ""
                                   << "";
    QTest::newRow("delete from set")
        << "DELETE ss :v"
        << "{\":v\": {\"SS\": [\"a\", \"z\"]}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"b\", \"c\"]}}"
        << "{\"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{\"ss\": {\"SS\": [\"b\", \"c\"]}}";
    QTest::newRow("delete all empties the set")
        << "DELETE ns :v"
        << "{\":v\": {\"NS\": [\"1\", \"2\"]}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{\"ns\": {\"NS\": [\"1\", \"2\"]}}"
        << "{}";
    QTest::newRow("delete from missing")
        << "DELETE z :v"
        << "{\":v\": {\"SS\": [\"a\"]}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{}"
        << "{}";
    QTest::newRow("delete type mismatch") << "DELETE ss :v"
                                          << "{\":v\": {\"NS\": [\"1\"]}}"
                                          << "ERR An operand in the update expression has an incorrect data type"
                                          << ""
                                          << "";
    QTest::newRow("delete nested set")
        << "ADD m.s :v"
        << "{\":v\": {\"SS\": [\"a\"]}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"s\": {\"SS\": [\"a\"]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{}"
        << "{\"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"s\": {\"SS\": [\"a\"]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}}";
    QTest::newRow("all clauses")
        << "SET a = :v REMOVE l[0] ADD n :n DELETE ss :ss"
        << "{\":n\": {\"N\": \"1\"}, \":ss\": {\"SS\": [\"a\"]}, \":v\": {\"S\": \"y\"}}"
        << "{\"a\": {\"S\": \"y\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"11\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"b\", \"c\"]}}"
        << "{\"a\": {\"S\": \"x\"}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"n\": {\"N\": \"10\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{\"a\": {\"S\": \"y\"}, \"l\": {\"L\": [{\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"n\": {\"N\": \"11\"}, \"ss\": {\"SS\": [\"b\", \"c\"]}}";
    QTest::newRow("set map value")
        << "SET m.y = :v"
        << "{\":v\": {\"M\": {\"new\": {\"BOOL\": false}}}}"
        << "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"new\": {\"BOOL\": false}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}"
        << "{\"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}}"
        << "{\"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"new\": {\"BOOL\": false}}}}}}";
}

}  // namespace

class ExprUpdateTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldUpdateAsDynamoDb_data()
    {
        QTest::addColumn<QString>("update");
        QTest::addColumn<QString>("values");
        QTest::addColumn<QString>("result");  // the new item, or "ERR <message>"
        QTest::addColumn<QString>("updatedOld");
        QTest::addColumn<QString>("updatedNew");
        addSetRows();
        addArithmeticAndFunctionRows();
        addRemoveAddAndDeleteRows();
    }
    void shouldUpdateAsDynamoDb()
    {
        QFETCH(QString, update);
        QFETCH(QString, values);
        QFETCH(QString, result);
        QFETCH(QString, updatedOld);
        QFETCH(QString, updatedNew);
        auto v = exprtest::values(values);
        expr::PlaceholderUse use;
        auto u = expr::parseUpdate(update.toStdString(), nullptr, ptr(v), &use);
        Item old = item(kItem);
        Item updated;
        try {
            updated = u.apply(old);
        } catch (const keyplan::dynamo::Error& e) {
            QCOMPARE("ERR " + QString::fromStdString(e.message()), result);
            QCOMPARE(int(e.code()), int(keyplan::dynamo::ErrorCode::ValidationException));
            return;
        }
        QCOMPARE(itemText(updated), itemText(item(result)));
        QCOMPARE(itemText(u.updatedAttributes(old)), itemText(item(updatedOld)));
        QCOMPARE(itemText(u.updatedAttributes(updated)), itemText(item(updatedNew)));
    }

    // UpdateItem on a missing item starts from its key (DynamoDB Local 1.25: ADD on a new key).
    void shouldCreateFromTheKeyOfAMissingItem()
    {
        expr::Values v{{":one", AttributeValue::number(keyplan::dynamo::Number::fromInt(1))}};
        auto u = expr::parseUpdate("ADD visits :one SET firstSeen = if_not_exists(firstSeen, :one)", nullptr, &v, nullptr);
        Item created = u.apply(item(R"({"pk": {"S": "new"}})"));
        QCOMPARE(itemText(created), itemText(item(R"({"pk": {"S": "new"}, "visits": {"N": "1"}, "firstSeen": {"N": "1"}})")));
    }

    // DynamoDB Local 1.25, UpdateItem on key attributes, nested or not.
    void shouldRejectUpdatesOfKeyAttributes_data()
    {
        QTest::addColumn<QString>("update");
        QTest::newRow("set key") << "SET pk = :v";
        QTest::newRow("remove key") << "REMOVE pk";
        QTest::newRow("nested key path") << "SET pk.x = :v";
    }
    void shouldRejectUpdatesOfKeyAttributes()
    {
        QFETCH(QString, update);
        expr::Values v{{":v", AttributeValue::string("x")}};
        auto u = expr::parseUpdate(update.toStdString(), nullptr, &v, nullptr);
        try {
            u.checkKeyAttributesNotUpdated({"pk", "sk"});
            QFAIL("key update accepted");
        } catch (const keyplan::dynamo::Error& e) {
            QCOMPARE(
                QString::fromStdString(e.message()),
                QString(
                    "One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key"));
        }
        auto other = expr::parseUpdate("SET a = :v", nullptr, &v, nullptr);
        other.checkKeyAttributesNotUpdated({"pk", "sk"});
    }

    // DynamoDB Local 1.25: SET a = :d with 31 nested lists is stored, 32 are rejected.
    void shouldRejectAResultNestedTooDeeply()
    {
        QString ok = R"({"L": []})";
        for (int i = 0; i < 30; ++i) ok = R"({"L": [)" + ok + "]}";
        expr::Values shallow{{":ok", value(ok)}};
        QCOMPARE(expr::parseUpdate("SET a = :ok", nullptr, &shallow, nullptr).apply(Item{}).size(), size_t(1));

        QString nested = R"({"L": []})";
        for (int i = 0; i < 31; ++i) nested = R"({"L": [)" + nested + "]}";
        expr::Values v{{":deep", value(nested)}};
        auto u = expr::parseUpdate("SET a = :deep", nullptr, &v, nullptr);
        try {
            u.apply(Item{});
            QFAIL("32 levels accepted");
        } catch (const keyplan::dynamo::Error& e) {
            QCOMPARE(QString::fromStdString(e.message()), QString("Nesting Levels have exceeded supported limits"));
        }
    }
};

QTEST_GUILESS_MAIN(ExprUpdateTest)
#include "tst_expr_update.moc"
