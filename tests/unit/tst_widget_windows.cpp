// One window per design (WindowSet, as `keyplan a.keyplan.json b.keyplan.json` and File > Open in new
// window make them): each on its own design and its own store, the store file only the first's, and a
// window's store gone with it.
#include "MainWindow.h"
#include "PrivateHome.h"
#include "WindowSet.h"

#include "document/DesignDocument.h"
#include "widgets/common/Icons.h"
#include "design/DesignFile.h"
#include "widgets/design/DesignFiles.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>

using namespace keyplan;

namespace {

QString sample(const char* name) { return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/") + name + ".keyplan.json"; }

std::string designName(MainWindow* w) { return w->findChild<widgets::DesignDocument*>()->design().name(); }

}  // namespace

class WidgetWindowsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        widgets::initResources();
        QVERIFY(usePrivateHome(home_));
    }

    void cleanup() { QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively(); }

    void shouldOpenEachDesignInAWindowOfItsOwn()
    {
        WindowSet set;
        QString error;
        MainWindow* shop = set.open(sample("ecommerce"), &error);
        MainWindow* saas = set.open(sample("saas"), &error);
        QVERIFY2(shop && saas, qPrintable(error));
        QVERIFY(shop != saas);
        QTRY_COMPARE(QString::fromStdString(designName(shop)),
                     QString::fromStdString(design::loadDesignFile(sample("ecommerce")).name()));
        QTRY_COMPARE(QString::fromStdString(designName(saas)),
                     QString::fromStdString(design::loadDesignFile(sample("saas")).name()));
        QVERIFY(shop->windowTitle().contains("ecommerce.keyplan.json"));
        QVERIFY(saas->windowTitle().contains("saas.keyplan.json"));
        // File > Open in new window is there, with its shortcut.
        const auto actions = shop->findChildren<QAction*>();
        const auto it = std::find_if(actions.begin(), actions.end(),
                                     [](QAction* a) { return a->text().startsWith("Open in new &window"); });
        QVERIFY(it != actions.end() && (*it)->isVisible());
        QCOMPARE((*it)->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    }

    void shouldGiveTheStoreFileToTheFirstWindowOnly()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath("shop.db");
        WindowSet set(file);
        QString error;
        // A second window on the same file would be refused (one process owns a store file): it gets memory.
        QVERIFY2(set.open(sample("ecommerce"), &error), qPrintable(error));
        QVERIFY2(set.open(sample("saas"), &error), qPrintable(error));
        QVERIFY(QFile::exists(file));
        QCOMPARE(set.windows().size(), size_t(2));
    }

    void shouldLetAWindowGoWithItsStore()
    {
        WindowSet set;
        QString error;
        MainWindow* first = set.open(sample("ecommerce"), &error);
        QVERIFY(set.open(sample("saas"), &error));
        QSignalSpy closed(&set, &WindowSet::windowClosed);
        auto* files = first->findChild<widgets::DesignFiles*>();
        auto prompts = files->prompts();
        prompts.askToSave = [](const QString&) { return widgets::DesignFiles::SaveChoice::Discard; };
        files->setPrompts(prompts);
        QVERIFY(first->close());
        QTRY_COMPARE(closed.count(), 1);
        QCOMPARE(set.windows().size(), size_t(1));
        QCOMPARE(QString::fromStdString(designName(set.windows().front())),
                 QString::fromStdString(design::loadDesignFile(sample("saas")).name()));
    }

    void shouldSayWhyTheStoreFileCannotBeOpened()
    {
        WindowSet set(QStringLiteral("/nonexistent-folder/shop.db"));
        QString error;
        QVERIFY(!set.open({}, &error));
        QVERIFY2(error.startsWith("Cannot open the store /nonexistent-folder/shop.db"), qPrintable(error));
        QVERIFY(set.windows().empty());
    }

private:
    QTemporaryDir home_;
};

QTEST_MAIN(WidgetWindowsTest)
#include "tst_widget_windows.moc"
