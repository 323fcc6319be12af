// The store dialogs' size: File > Import design from table... shows its whole title and the
// longest table name (a window manager cuts a title wider than the window), and says where the
// table is and that sampling is a Scan.
#include "widgets/common/TitleFit.h"
#include "widgets/store/ConfirmTableName.h"
#include "widgets/store/TableImportDialog.h"

#include <QApplication>
#include <QComboBox>
#include <QFontMetrics>
#include <QMessageBox>
#include <QScreen>
#include <QSpinBox>
#include <QtTest>

using namespace keyplan;
using widgets::StoreLocation;

namespace {

const StoreLocation kEndpoint{StoreLocation::Kind::Endpoint,
                              {},
                              QStringLiteral("http://127.0.0.1:8000/"),
                              QStringLiteral("us-east-1"),
                              QStringLiteral("profile dev"),
                              QStringLiteral("dev")};

// The title as a window manager draws it: bold, in the title-bar font.
int titleTextWidth(const QWidget& window)
{
    QFont font = QApplication::font("QMdiSubWindowTitleBar");
    font.setBold(true);
    return QFontMetrics(font).horizontalAdvance(window.windowTitle());
}

}  // namespace

class WidgetStoreDialogsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldBeWideEnoughForItsTitleAndTheLongestTableName_data()
    {
        QTest::addColumn<QStringList>("tables");
        QTest::newRow("one short name") << QStringList{"Shop"};
        QTest::newRow("a long name") << QStringList{"Shop", "orders-production-eu-west-1-archive-2026.v2"};
    }

    void shouldBeWideEnoughForItsTitleAndTheLongestTableName()
    {
        QFETCH(QStringList, tables);
        widgets::TableImportDialog dialog(kEndpoint, tables);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QCOMPARE(dialog.windowTitle(), QStringLiteral("Import design from table"));
        // The title's text and, beside it, the icon and three buttons of the title bar.
        const int title = titleTextWidth(dialog);
        const int bar = QFontMetrics(QApplication::font("QMdiSubWindowTitleBar")).height();
        QVERIFY2(dialog.width() >= title + 4 * bar,
                 qPrintable(QStringLiteral("%1 px wide for a title of %2 px").arg(dialog.width()).arg(title)));
        QCOMPARE(widgets::titleBarWidth(&dialog) <= dialog.width(), true);
        QVERIFY(dialog.width() <= dialog.screen()->availableGeometry().width());
        // Every table's name whole in the box.
        QComboBox* box = dialog.tableBox();
        for (const QString& t : tables) QVERIFY2(box->width() > box->fontMetrics().horizontalAdvance(t), qPrintable(t));
        // Nothing is cut at the bottom either.
        QVERIFY(dialog.height() >= dialog.minimumSizeHint().height());
    }

    void shouldSayWhereTheTableIsAndThatTheSampleIsAScan()
    {
        widgets::TableImportDialog remote(kEndpoint, {"Shop"});
        QVERIFY2(remote.explanation().endsWith(QStringLiteral("\n\nEndpoint: http://127.0.0.1:8000/ (us-east-1)")),
                 qPrintable(remote.explanation()));
        QVERIFY(remote.explanation().contains(QStringLiteral("a Scan, which consumes the table's read capacity")));
        widgets::TableImportDialog local(StoreLocation{}, {"Shop"});
        QVERIFY2(local.explanation().contains(QStringLiteral("local store in memory")), qPrintable(local.explanation()));
    }

    void shouldGiveTheChosenTableAndSample()
    {
        widgets::TableImportDialog dialog(kEndpoint, {"Audit", "Shop"});
        QCOMPARE(dialog.table(), QStringLiteral("Audit"));
        QCOMPARE(dialog.sampleItems(), 1000);
        dialog.tableBox()->setCurrentIndex(1);
        dialog.findChild<QSpinBox*>(QStringLiteral("importSample"))->setValue(250);
        QCOMPARE(dialog.table(), QStringLiteral("Shop"));
        QCOMPARE(dialog.sampleItems(), 250);
    }

    void shouldWidenAMessageBoxToItsTitle()
    {
        // The notes after an import from a table: a short text under a title naming the endpoint.
        QMessageBox box(QMessageBox::Information,
                        QStringLiteral("Imported table orders-production-archive on https://dynamodb.eu-west-1.amazonaws.com "
                                       "(eu-west-1)"),
                        QStringLiteral("Imported"), QMessageBox::Ok);
        widgets::widenToTitle(box);
        box.show();
        QVERIFY(QTest::qWaitForWindowExposed(&box));
        QVERIFY2(box.width() >= titleTextWidth(box),
                 qPrintable(QStringLiteral("%1 px wide for a title of %2 px").arg(box.width()).arg(titleTextWidth(box))));
    }

    void shouldNameWhereAChangeLands()
    {
        QCOMPARE(kEndpoint.targetLines(QStringLiteral("Shop")),
                 (QStringList{"Endpoint: http://127.0.0.1:8000/", "Region: us-east-1", "Profile: dev", "Table: Shop"}));
        // No profile named: where the credentials came from (AWS_PROFILE's profile, the environment).
        StoreLocation unnamed = kEndpoint;
        unnamed.profile.clear();
        unnamed.credentialsSource = QStringLiteral("environment");
        QCOMPARE(unnamed.targetLines(QStringLiteral("Shop")), (QStringList{"Endpoint: http://127.0.0.1:8000/", "Region: us-east-1",
                                                                           "Credentials: environment", "Table: Shop"}));
        QCOMPARE(StoreLocation{}.targetLines(QStringLiteral("Shop")),
                 (QStringList{"Store: local store in memory", "Table: Shop"}));
    }

    void shouldShowTheWholeTitleOfTheTypedNameGuard()
    {
        widgets::ConfirmTableName confirm(kEndpoint, QStringLiteral("Shop"), QStringLiteral("Every item is deleted."));
        confirm.show();
        QVERIFY(QTest::qWaitForWindowExposed(&confirm));
        QVERIFY(confirm.width() >= titleTextWidth(confirm));
        QVERIFY(confirm.width() >= widgets::titleBarWidth(&confirm));
    }
};

QTEST_MAIN(WidgetStoreDialogsTest)
#include "tst_widget_store_dialogs.moc"
