// Number: DynamoDB's exact decimal. Expected texts and canonical forms were read off
// DynamoDB Local 1.25 with boto3 (PutItem then GetItem of each input).
#include "dynamo/Error.h"
#include "dynamo/Number.h"

#include <QTest>

using keyplan::dynamo::Error;
using keyplan::dynamo::Number;

class NumberTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldPrintCanonicalText_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("canonical");
        QTest::newRow("plus sign") << "+3"
                                   << "3";
        QTest::newRow("leading point") << ".5"
                                       << "0.5";
        QTest::newRow("trailing point") << "5."
                                        << "5";
        QTest::newRow("exponent") << "1e2"
                                  << "100";
        QTest::newRow("signed exponent") << "1E+2"
                                         << "100";
        QTest::newRow("negative zero") << "-0"
                                       << "0";
        QTest::newRow("zero with fraction") << "0.000"
                                            << "0";
        QTest::newRow("padded") << "00012.3400"
                                << "12.34";
        QTest::newRow("negative small") << "-1.0e-5"
                                        << "-0.00001";
        QTest::newRow("38 digits then zeros") << "11111111111111111111111111111111111111000"
                                              << "11111111111111111111111111111111111111000";
        QTest::newRow("smallest") << "1e-130"
                                  << "0." + QString(129, '0') + "1";
        QTest::newRow("largest") << "9.9999999999999999999999999999999999999e125" << QString(38, '9') + QString(88, '0');
    }
    void shouldPrintCanonicalText()
    {
        QFETCH(QString, input);
        QFETCH(QString, canonical);
        QCOMPARE(QString::fromStdString(Number::parse(input.toStdString()).toString()), canonical);
    }

    void shouldRejectWithDynamoText_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("message");
        // DynamoDB's texts (dynalite, tested against the service); DynamoDB Local words the first
        // two "A value provided cannot be converted into a number" and "DynamoDB only supports
        // precision up to 38 digits".
        const QString nan = "The parameter cannot be converted to a numeric value";
        QTest::newRow("letters") << "abc" << nan + ": abc";
        QTest::newRow("empty") << "" << nan;
        QTest::newRow("leading space") << " 1" << nan + ":  1";
        QTest::newRow("trailing space") << "1 " << nan + ": 1 ";
        QTest::newRow("hex") << "0x10" << nan + ": 0x10";
        QTest::newRow("bare exponent") << "1e" << nan + ": 1e";
        QTest::newRow("double sign") << "--1" << nan + ": --1";
        QTest::newRow("infinity") << "Infinity" << nan + ": Infinity";
        QTest::newRow("39 digits") << QString(39, '1') << "Attempting to store more than 38 significant digits in a Number";
        QTest::newRow("39 digits with fraction") << "12345678901234567890123456789012345678.9"
                                                 << "Attempting to store more than 38 significant digits in a Number";
        QTest::newRow("overflow") << "1e126"
                                  << "Number overflow. Attempting to store a number with magnitude larger than supported range";
        QTest::newRow("underflow") << "1e-131"
                                   << "Number underflow. Attempting to store a number with magnitude smaller than supported range";
    }
    void shouldRejectWithDynamoText()
    {
        QFETCH(QString, input);
        QFETCH(QString, message);
        try {
            Number::parse(input.toStdString());
            QFAIL("parse accepted bad input");
        } catch (const Error& e) {
            QCOMPARE(QString::fromStdString(e.name()), QStringLiteral("ValidationException"));
            QCOMPARE(QString::fromStdString(e.message()), message);
        }
    }

    void shouldOrderNumerically()
    {
        const char* ascending[] = {"-1e10", "-1", "-0.5", "0", "1e-130", "1.5", "2", "10", "100", "1e125"};
        for (size_t i = 0; i + 1 < std::size(ascending); ++i) {
            Number a = Number::parse(ascending[i]), b = Number::parse(ascending[i + 1]);
            QVERIFY2(a < b, ascending[i]);
            QVERIFY2(b > a, ascending[i + 1]);
        }
        QVERIFY(Number::parse("1.50") == Number::parse("1.5"));
    }

    void shouldAddExactly()
    {
        QCOMPARE(Number::parse("0.1") + Number::parse("0.2"), Number::parse("0.3"));
        QCOMPARE((Number::parse("1") - Number::parse("1e-37")).toString(), "0." + std::string(36, '9') + "9");
        QCOMPARE((Number::parse("-5") + Number::parse("3")).toString(), std::string("-2"));
        QCOMPARE((Number::parse("99") + Number::parse("1")).toString(), std::string("100"));
        QVERIFY_THROWS_EXCEPTION(Error, Number::parse("1") + Number::parse("1e-38"));
    }
};

QTEST_GUILESS_MAIN(NumberTest)
#include "tst_number.moc"
