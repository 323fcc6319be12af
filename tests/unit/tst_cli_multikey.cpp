// keyplan-cli on a design with a multi-attribute GSI key, in-process (CliInProcess.h): `run` sends
// the planned Query (every partition key attribute with =) to the design's sample data and pages it
// with a LastEvaluatedKey naming every key attribute, and `backfill` tells a synthetic key that must be
// written into every existing item from a multi-attribute key DynamoDB backfills with no item rewritten.
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "CliInProcess.h"
#include "analysis/MultiKeyConversion.h"
#include "design/DesignFile.h"

using namespace keyplan;
using test::callCli;

namespace {

const QString kOrders = QStringLiteral(KEYPLAN_TEST_DATA_DIR "/design/orders-multikey.keyplan.json");
const QString kShop = QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/ecommerce.keyplan.json");

// The value of `name` in a printed item ({"name":{"S":"value"},...} as keyplan-cli run prints it).
QString memberText(const QString& itemLine, const QString& name)
{
    const QRegularExpression member("\"" + QRegularExpression::escape(name) + "\":(\\{[^}]*\\})");
    const auto m = member.match(itemLine);
    return m.hasMatch() ? m.captured(1) : QString();
}

QString writeDesign(const QTemporaryDir& dir, const QString& name, const design::Design& d)
{
    return test::writeFile(dir, name, QByteArray::fromStdString(design::writeDesign(d)));
}

}  // namespace

class CliMultiKeyTest : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

private Q_SLOTS:
    void runShouldQueryTheIndexOnTheTupleOfTheInputs_data()
    {
        QTest::addColumn<QStringList>("inputs");
        QTest::newRow("inputs read off the sample data") << QStringList{};
        QTest::newRow("inputs given") << QStringList{"--input", "status=SHIPPED", "--input", "orderDay=2026-03-02"};
    }
    void runShouldQueryTheIndexOnTheTupleOfTheInputs()
    {
        QFETCH(QStringList, inputs);
        const test::CliCall r = callCli(cli::runCommand, QStringList{kOrders, "--pattern", "1"} + inputs);
        QCOMPARE(r.err, QString());
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains("\nQuery Orders IndexName=ByStatusDay KeyConditionExpression=\"#pk1 = :pk1 AND #pk2 = :pk2\"\n"),
                 qPrintable(out));
        const auto bound = QRegularExpression("\nInputs: orderDay=(\\S+), status=(\\S+)\n").match(out);
        QVERIFY2(bound.hasMatch(), qPrintable(out));
        if (!inputs.isEmpty()) QCOMPARE(bound.captured(1) + " " + bound.captured(2), QString("2026-03-02 SHIPPED"));
        // Every item of the one partition (status, orderDay), newest first (order "descending").
        const QStringList lines = out.split('\n');
        const qsizetype first = lines.indexOf(QRegularExpression("^Items \\(\\d+\\):$"));
        QVERIFY(first >= 0);
        QString previous = "{\"S\":\"9999\"}";
        int items = 0;
        for (qsizetype i = first + 1; i < lines.size() && lines[i].startsWith("  {"); ++i, ++items) {
            QCOMPARE(memberText(lines[i], "status"), "{\"S\":\"" + bound.captured(2) + "\"}");
            QCOMPARE(memberText(lines[i], "orderDay"), "{\"S\":\"" + bound.captured(1) + "\"}");
            QVERIFY2(memberText(lines[i], "orderDate") <= previous, qPrintable(lines[i]));
            previous = memberText(lines[i], "orderDate");
        }
        QVERIFY(items > 0);
        QVERIFY2(out.contains(QString("\nCount %1, ScannedCount %1\n").arg(items)), qPrintable(out));
        QVERIFY2(out.contains(" for 1 request(s)\n"), qPrintable(out));
        // A full page goes on from a key holding the table's keys and every key attribute of the index.
        const auto last = QRegularExpression("\nLastEvaluatedKey: (.*)\n").match(out);
        QVERIFY(last.hasMatch());
        if (items == 25) {
            for (const char* name : {"PK", "SK", "status", "orderDay", "orderDate", "orderId"})
                QVERIFY2(!memberText(last.captured(1), name).isEmpty(), name);
        } else {
            QCOMPARE(last.captured(1), QString("(none)"));
        }
    }

    void runShouldPageAFullPartitionWithEveryKeyAttribute()
    {
        // SHIPPED is 3 in 4 of 200 orders over three days: the busiest day holds more than a page.
        int fullPages = 0;
        for (const char* day : {"2026-03-01", "2026-03-02", "2026-03-03"}) {
            const test::CliCall r = callCli(
                cli::runCommand, {kOrders, "--pattern", "1", "--input", "status=SHIPPED", "--input", QString("orderDay=") + day});
            QCOMPARE(r.exitCode, 0);
            const QString out = QString::fromUtf8(r.out);
            if (!out.contains("\nCount 25, ScannedCount 25\n")) continue;
            ++fullPages;
            const QString last = QRegularExpression("\nLastEvaluatedKey: (.*)\n").match(out).captured(1);
            QStringList names;
            for (const auto& m : QRegularExpression("\"(\\w+)\":\\{").globalMatch(last)) names << m.captured(1);
            names.sort();
            QCOMPARE(names, (QStringList{"PK", "SK", "orderDate", "orderDay", "orderId", "status"}));
        }
        QVERIFY(fullPages > 0);
    }

    // The e-commerce sample's GSI1 (STATUS#{status}#{orderDay}) added to a table holding data, as it
    // is and keyed on the attributes; then the conversion itself.
    void backfillShouldTellASyntheticKeyFromAMultiAttributeKey()
    {
        const design::Design shop = design::loadDesignFile(kShop);
        const auto conversion = analysis::multiKeyConversion(shop, *shop.indexByName("GSI1"));
        QVERIFY(conversion);
        const design::Design multi = analysis::convertToMultiKey(shop, *conversion);
        design::Design none = multi;
        none.removeIndex(none.indexByName("GSI1")->id);
        const QString nonePath = writeDesign(dir_, "none.keyplan.json", none);
        const QString multiPath = writeDesign(dir_, "multi.keyplan.json", multi);

        const test::CliCall synthetic = callCli(cli::backfillCommand, {nonePath, kShop});
        QCOMPARE(synthetic.exitCode, 0);
        const QString syntheticText = QString::fromUtf8(synthetic.out);
        QVERIFY2(syntheticText.startsWith("rewrite [index-keys-changed] Order's existing items do not carry GSI1PK and GSI1SK"),
                 qPrintable(syntheticText));
        QVERIFY2(syntheticText.contains("The application must rewrite "), qPrintable(syntheticText));

        const test::CliCall keyed = callCli(cli::backfillCommand, {nonePath, multiPath});
        QCOMPARE(keyed.exitCode, 0);
        const QString keyedText = QString::fromUtf8(keyed.out);
        QVERIFY2(keyedText.startsWith("online  [new-index] GSI1 is new: DynamoDB backfills a global secondary index online"),
                 qPrintable(keyedText));
        QVERIFY2(keyedText.simplified().contains("its key attributes are ones the items already carry, so no item is rewritten."),
                 qPrintable(keyedText));
        QVERIFY2(!keyedText.contains("rewrite [") && !keyedText.contains("The application must rewrite"), qPrintable(keyedText));

        const test::CliCall converted = callCli(cli::backfillCommand, {kShop, multiPath});
        QCOMPARE(converted.exitCode, 0);
        const QString convertedText = QString::fromUtf8(converted.out);
        QVERIFY2(convertedText.startsWith("online  [new-index] GSI1 changes its keys"), qPrintable(convertedText));
        QVERIFY2(!convertedText.contains("rewrite ["), qPrintable(convertedText));
    }
};

QTEST_GUILESS_MAIN(CliMultiKeyTest)
#include "tst_cli_multikey.moc"
