// keyplan: the designer window over a store in memory (the default) or in a file.
#include "MainWindow.h"

#include "engine/SqliteStore.h"
#include "widgets/common/Icons.h"
#include "widgets/store/StoreSwitch.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Keyplan"));
    QApplication::setOrganizationName(QStringLiteral("Keyplan"));
    QApplication::setApplicationVersion(QStringLiteral(KEYPLAN_VERSION));
    keyplan::widgets::initResources();
    QApplication::setWindowIcon(keyplan::widgets::appIcon());

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Keyplan, a designer for DynamoDB single-table designs."));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption storeOption(QStringLiteral("store"),
                                   QStringLiteral("Keep the store in <file> (created if missing) instead of in memory."),
                                   QStringLiteral("file"));
    parser.addOption(storeOption);
    parser.process(app);

    std::unique_ptr<keyplan::engine::SqliteStore> store;
    const QString file = parser.value(storeOption);
    try {
        store = file.isEmpty() ? keyplan::engine::SqliteStore::openInMemory()
                               : keyplan::engine::SqliteStore::openFile(file.toStdString());
    } catch (const std::exception& e) {
        QMessageBox::critical(nullptr, QStringLiteral("Keyplan"),
                              QStringLiteral("Cannot open the store %1: %2").arg(file, QString::fromUtf8(e.what())));
        return 1;
    }

    int result = 0;
    {
        // The window (and every view's background work) ends before the store it reads.
        keyplan::widgets::StoreLocation where;
        if (!file.isEmpty()) where = {keyplan::widgets::StoreLocation::Kind::LocalFile, file, {}, {}, {}, {}};
        keyplan::widgets::StoreSwitch storeSwitch(*store, where);
        keyplan::MainWindow window(storeSwitch);
        window.show();
        result = app.exec();
    }
    return result;
}
