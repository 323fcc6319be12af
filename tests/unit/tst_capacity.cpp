// Capacity arithmetic. Expected units were read off DynamoDB Local 1.25 (ReturnConsumedCapacity
// TOTAL on PutItem and GetItem of items whose itemSize column shows the exact byte counts below).
#include "dynamo/Capacity.h"

#include <QTest>

using namespace keyplan::dynamo;

class CapacityTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldRoundReadsUpToFourKilobytes_data()
    {
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<double>("eventual");
        QTest::addColumn<double>("strong");
        QTest::newRow("missing item still costs one unit") << qint64(0) << 0.5 << 1.0;
        QTest::newRow("one byte") << qint64(1) << 0.5 << 1.0;
        QTest::newRow("4095") << qint64(4095) << 0.5 << 1.0;
        QTest::newRow("exactly 4 KB") << qint64(4096) << 0.5 << 1.0;
        QTest::newRow("one byte over 4 KB") << qint64(4097) << 1.0 << 2.0;
        QTest::newRow("exactly 8 KB") << qint64(8192) << 1.0 << 2.0;
        QTest::newRow("exactly 12 KB") << qint64(12288) << 1.5 << 3.0;
        QTest::newRow("12 KB plus one") << qint64(12289) << 2.0 << 4.0;
        QTest::newRow("AWS example: ten items of 40.8 KB in one Query") << qint64(41779) << 5.5 << 11.0;
        QTest::newRow("400 KB item") << qint64(409600) << 50.0 << 100.0;
    }
    void shouldRoundReadsUpToFourKilobytes()
    {
        QFETCH(qint64, bytes);
        QFETCH(double, eventual);
        QFETCH(double, strong);
        QCOMPARE(readUnits(bytes, false), eventual);
        QCOMPARE(readUnits(bytes, true), strong);
    }

    void shouldRoundWritesUpToOneKilobyte_data()
    {
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<double>("units");
        QTest::newRow("delete of a missing item") << qint64(0) << 1.0;
        QTest::newRow("small item") << qint64(8) << 1.0;
        QTest::newRow("1023") << qint64(1023) << 1.0;
        QTest::newRow("exactly 1 KB") << qint64(1024) << 1.0;
        QTest::newRow("one byte over 1 KB") << qint64(1025) << 2.0;
        QTest::newRow("AWS example 1.6 KB") << qint64(1639) << 2.0;
        QTest::newRow("4095") << qint64(4095) << 4.0;
        QTest::newRow("4097") << qint64(4097) << 5.0;
        QTest::newRow("exactly 12 KB") << qint64(12288) << 12.0;
        QTest::newRow("12 KB plus one") << qint64(12289) << 13.0;
        QTest::newRow("400 KB item") << qint64(409600) << 400.0;
    }
    void shouldRoundWritesUpToOneKilobyte()
    {
        QFETCH(qint64, bytes);
        QFETCH(double, units);
        QCOMPARE(writeUnits(bytes), units);
    }

    void shouldTreatNegativeSizesAsEmpty()
    {
        QCOMPARE(readUnits(-5, true), 1.0);
        QCOMPARE(writeUnits(-5), 1.0);
    }
};

QTEST_GUILESS_MAIN(CapacityTest)
#include "tst_capacity.moc"
