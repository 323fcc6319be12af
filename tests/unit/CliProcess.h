// keyplan-cli run as a process by the tests: the binary beside them (build/app/cli/keyplan-cli) or
// the one $KEYPLAN_CLI names. A test that includes this header is built after keyplan-cli
// (tests/CMakeLists.txt looks for the include).
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QProcess>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace keyplan::test {

inline QString cliPath()
{
    const QString env = qEnvironmentVariable("KEYPLAN_CLI");
    if (!env.isEmpty()) return env;
    return QCoreApplication::applicationDirPath() + "/../app/cli/keyplan-cli";
}

struct CliRun {
    int exitCode = -1;  // -1: it did not start, crashed or was killed
    QByteArray out;
    QString err;
};

// Runs keyplan-cli with `args` and no input, waiting up to two minutes.
inline CliRun runCli(const QStringList& args)
{
    QProcess p;
    p.start(cliPath(), args);
    CliRun r;
    if (!p.waitForStarted(10000)) {
        r.err = "cannot start " + cliPath();
        return r;
    }
    p.closeWriteChannel();
    p.waitForFinished(120000);
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// Starts `keyplan-cli serve --host 127.0.0.1 --port 0 ARGS...` in `server` and returns the URL its
// listening line names (http://127.0.0.1:PORT); empty, with what it printed in *why, when it does
// not start listening.
inline QString startServe(QProcess& server, const QStringList& args, QString* why)
{
    server.start(cliPath(), QStringList{"serve", "--host", "127.0.0.1", "--port", "0"} + args);
    if (!server.waitForStarted(10000)) {
        *why = "cannot start " + cliPath();
        return {};
    }
    QString banner;
    while (!banner.contains('\n') && server.waitForReadyRead(30000)) banner += QString::fromUtf8(server.readAllStandardOutput());
    const QRegularExpressionMatch m = QRegularExpression("listening on (http://127\\.0\\.0\\.1:\\d+)").match(banner);
    if (!m.hasMatch()) *why = "no listening line from keyplan-cli serve: " + banner + server.readAllStandardError();
    return m.hasMatch() ? m.captured(1) : QString();
}

}  // namespace keyplan::test
