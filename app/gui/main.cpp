// keyplan [--store FILE] [DESIGN...]: the designer window, one per design given (the first over the store
// in FILE, created if missing; the others, and all without --store, over a store in memory).
#include "MainWindow.h"
#include "WindowSet.h"

#include "widgets/common/Icons.h"
#include "widgets/common/Settings.h"
#include "widgets/common/ThemeSwitcher.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QMessageBox>

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    keyplan::widgets::setApplicationIdentity();
    QApplication::setApplicationVersion(QStringLiteral(KEYPLAN_VERSION));
    keyplan::widgets::initResources();
    QApplication::setWindowIcon(keyplan::widgets::appIcon());

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Keyplan, a designer for DynamoDB single-table designs.\n"
                                                    "Each DESIGN (a .keyplan.json file) opens in a window of its own."));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption storeOption(QStringLiteral("store"),
                                   QStringLiteral("Keep the first window's store in <file> (created if missing) instead of "
                                                  "in memory."),
                                   QStringLiteral("file"));
    parser.addOption(storeOption);
    parser.addPositionalArgument(QStringLiteral("DESIGN"), QStringLiteral("Design files to open."), QStringLiteral("[DESIGN...]"));
    parser.process(app);

    keyplan::widgets::applySavedTheme();
    keyplan::WindowSet windows(parser.value(storeOption));
    QStringList designs;
    for (const QString& path : parser.positionalArguments()) designs << QFileInfo(path).absoluteFilePath();
    if (designs.isEmpty()) designs << QString();
    for (const QString& design : designs) {
        QString error;
        if (!windows.open(design, &error)) {
            QMessageBox::critical(nullptr, QStringLiteral("Keyplan"), error);
            return 1;
        }
    }
    return app.exec();
}
