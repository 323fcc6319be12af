// keyplan-cli: the designer's analysis, exports and the DynamoDB-compatible store, headless. The
// commands are the keyplan_cli library (Commands.h); this file only makes the application and
// hands it the arguments and the standard streams.
#include "Commands.h"

#include <QCoreApplication>
#include <QTextStream>
#ifdef KEYPLAN_HAVE_RENDER
#include <QGuiApplication>
#endif

#include <cstdio>
#include <cstring>
#include <memory>

#include <unistd.h>

namespace {

// `export` draws pictures (fonts and painting need a QGuiApplication); headless, always: the
// offscreen platform needs no display. Every other command stays a plain QCoreApplication.
std::unique_ptr<QCoreApplication> makeApplication(int& argc, char* argv[])
{
#ifdef KEYPLAN_HAVE_RENDER
    if (argc > 1 && std::strcmp(argv[1], "export") == 0) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        return std::make_unique<QGuiApplication>(argc, argv);
    }
#endif
    return std::make_unique<QCoreApplication>(argc, argv);
}

}  // namespace

int main(int argc, char* argv[])
{
    const auto application = makeApplication(argc, argv);
    QCoreApplication::setApplicationName("keyplan-cli");
    QCoreApplication::setApplicationVersion(QStringLiteral(KEYPLAN_VERSION));
    QStringList args = QCoreApplication::arguments();
    args.removeFirst();
    QTextStream out(stdout);
    QTextStream err(stderr);
    const keyplan::cli::Console console{out, err, ::isatty(::fileno(stderr)) != 0};
    return keyplan::cli::runCommandLine(args, console);
}
