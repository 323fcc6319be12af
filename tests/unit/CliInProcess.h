// keyplan-cli's commands called in-process, from the keyplan_cli library (tests/CMakeLists.txt
// links it into tst_cli_*): the arguments as a list, standard output into a buffer (bytes, as a
// PNG or a document is written) and standard error into a string.
#pragma once

#include "cli/Commands.h"

#include "CliProcess.h"

#include <QBuffer>
#include <QByteArray>
#include <QFile>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTextStream>

#include <initializer_list>

namespace keyplan::test {

struct CliCall {
    int exitCode = -1;
    QByteArray out;
    QString err;
};

// `command` with `args` (those after its name), or the whole command line when `command` is null.
inline CliCall callCli(cli::CommandFunction command, const QStringList& args, bool terminal = false)
{
    QByteArray outBytes;
    QBuffer outDevice(&outBytes);
    outDevice.open(QIODevice::WriteOnly);
    QString errText;
    QTextStream out(&outDevice);
    QTextStream err(&errText);
    const cli::Console console{out, err, terminal};
    CliCall call;
    call.exitCode = command ? command(args, console) : cli::runCommandLine(args, console);
    out.flush();
    err.flush();
    call.out = outBytes;
    call.err = errText;
    return call;
}

inline CliCall callCli(const QStringList& commandLine) { return callCli(nullptr, commandLine); }

// `keyplan-cli serve --in-memory` on loopback while the test runs (the binary, CliProcess.h).
class ServedEndpoint {
public:
    ~ServedEndpoint()
    {
        process_.terminate();
        process_.waitForFinished(10000);
    }
    // False, and why, when it does not listen.
    bool start(QString* why)
    {
        url_ = startServe(process_, {"--in-memory"}, why);
        return !url_.isEmpty();
    }
    const QString& url() const { return url_; }

private:
    QProcess process_;
    QString url_;
};

// Requests to an endpoint signed with a key of the environment's, and no profile or region of the
// machine's in the way (call after usePrivateHome).
inline void useEnvironmentCredentials()
{
    for (const char* v : {"AWS_PROFILE", "AWS_SESSION_TOKEN", "AWS_REGION", "AWS_DEFAULT_REGION"}) qunsetenv(v);
    qputenv("AWS_ACCESS_KEY_ID", "AKIDCLITEST");
    qputenv("AWS_SECRET_ACCESS_KEY", "cli-test-secret");
    qputenv("AWS_MAX_ATTEMPTS", "1");
}

inline QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// `bytes` as the file `name` in `dir`; its path.
inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    QFile f(dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size()) qFatal("cannot write %s", qPrintable(f.fileName()));
    return f.fileName();
}

}  // namespace keyplan::test
