// keyplan-cli serve: the store as a DynamoDB-compatible HTTP endpoint, for any AWS SDK.
#include "CommandLine.h"
#include "Commands.h"
#include "Printable.h"
#include "ServeAuth.h"
#include "Server.h"
#include "aws/Credentials.h"
#include "aws/SigV4Verifier.h"
#include "engine/SqliteStore.h"

#include <QTextStream>

#include <csignal>
#include <cstdio>
#include <pthread.h>
#include <thread>

namespace {

const char* const kHelp = "usage: keyplan-cli serve [--host 127.0.0.1] [--port 8000] [--db FILE | --in-memory] [--auth FILE]\n"
                          "                         [--file-check quick|full|none]\n"
                          "                         [--header-timeout 10] [--body-timeout 30] [--idle-timeout 60]\n\n"
                          "Serves the store over DynamoDB's JSON protocol (any AWS SDK: endpoint http://HOST:PORT, any\n"
                          "credentials). --db FILE keeps the tables in FILE (created if missing; this process owns it\n"
                          "while it runs); --in-memory, the default, keeps them until the server stops. Ctrl-C or SIGTERM\n"
                          "stops it cleanly.\n"
                          "An existing FILE is checked before it is served, and a damaged one refused, left as it was:\n"
                          "--file-check quick (the default) reads every page once and checks SQLite's structures, full\n"
                          "also matches every index entry with its row, none skips the check. Damage found while serving\n"
                          "makes the store refuse writes; the log says which file and how to recover it.\n"
                          "A request's headers must arrive within --header-timeout seconds of its first byte and its body\n"
                          "within --body-timeout seconds after them; an idle keep-alive connection is closed after\n"
                          "--idle-timeout seconds. Bodies over 16 MB (DynamoDB's request limit) are refused unread.\n"
                          "--auth FILE (the AWS shared-credentials format: [name] sections with aws_access_key_id and\n"
                          "aws_secret_access_key) makes every request carry a valid SigV4 signature by one of those keys,\n"
                          "dated within 15 minutes; others are refused as DynamoDB refuses them. Without it any caller that\n"
                          "can reach the port can read and change every table: listen beyond loopback only with --auth.\n";

// The listener's timeouts, host and port from the parsed arguments; false, the reason on err, for
// a value they do not take.
bool readServerOptions(const keyplan::cli::CommandLine& line, keyplan::server::ServerOptions* options, QTextStream& err)
{
    for (const char* name : {"header-timeout", "body-timeout", "idle-timeout"}) {
        if (!line.isSet(name)) continue;
        const QString v = line.value(name);
        bool ok = false;
        const double seconds = v.toDouble(&ok);
        if (!ok || !(seconds > 0) || seconds > 3600) {
            err << "keyplan-cli serve: --" << name << " takes seconds, more than 0 and at most 3600, not '" << v << "'\n";
            return false;
        }
        const std::chrono::milliseconds ms(static_cast<long long>(seconds * 1000));
        const std::string_view which(name);
        (which == "header-timeout" ? options->headerDeadline
         : which == "body-timeout" ? options->bodyDeadline
                                   : options->idleTimeout) = ms;
        if (which == "header-timeout") options->firstByteTimeout = ms;
    }
    if (line.isSet("host")) options->host = line.value("host").toStdString();
    if (line.isSet("port")) {
        const QString v = line.value("port");
        bool ok = false;
        options->port = v.toInt(&ok);
        if (!ok || options->port < 0 || options->port > 65535) {
            err << "keyplan-cli serve: invalid port '" << v << "'\n";
            return false;
        }
    }
    return true;
}

// --file-check: how an existing store file is checked before it is served.
bool readFileCheck(const keyplan::cli::CommandLine& line, keyplan::engine::FileCheck* check, QTextStream& err)
{
    if (!line.isSet("file-check")) return true;
    const QString v = line.value("file-check");
    if (v == "quick") *check = keyplan::engine::FileCheck::Quick;
    else if (v == "full") *check = keyplan::engine::FileCheck::Full;
    else if (v == "none") *check = keyplan::engine::FileCheck::None;
    else {
        err << "keyplan-cli serve: --file-check takes quick, full or none, not '" << v << "'\n";
        return false;
    }
    return true;
}

}  // namespace

int keyplan::cli::serveCommand(const QStringList& args, const Console& console)
{
    QTextStream& out = console.out;
    QTextStream& err = console.err;
    CommandLine line;
    for (const char* name : {"header-timeout", "body-timeout", "idle-timeout", "host", "port", "db", "auth", "file-check"})
        line.value({name});
    line.flag({"in-memory"});
    const bool parsed = line.parse(args);
    if (line.helpAsked()) {
        out << kHelp;
        return 0;
    }
    if (!parsed || !line.positional().isEmpty()) {
        const QString argument = parsed ? line.positional().first() : line.problemArgument();
        err << "keyplan-cli serve: unknown or incomplete option '" << argument << "' (see --help)\n";
        return 2;
    }
    keyplan::server::ServerOptions options;
    if (!readServerOptions(line, &options, err)) return 2;
    const QString dbPath = line.value("db"), authPath = line.value("auth");
    const bool inMemory = line.isSet("in-memory");
    if (inMemory && !dbPath.isEmpty()) {
        err << "keyplan-cli serve: --db and --in-memory exclude each other\n";
        return 2;
    }
    QString authNote;
    if (!authPath.isEmpty()) {
        try {
            auto keys = std::make_shared<const keyplan::aws::AccessKeys>(
                keyplan::aws::AccessKeys::fromSharedCredentialsFile(authPath.toStdString()));
            for (const std::string& warning : keys->warnings())
                err << "keyplan-cli serve: warning: --auth: " << printable(warning) << Qt::endl;
            authNote = QString(", SigV4 required: %1 access key(s) from %2").arg(keys->size()).arg(authPath);
            options.check = keyplan::cli::sigV4Check(std::move(keys));
        } catch (const keyplan::aws::ConfigError& e) {
            err << "keyplan-cli serve: --auth: " << printable(e.what()) << "\n";
            return 2;
        }
    } else if (!keyplan::cli::isLoopbackHost(options.host)) {
        err << "keyplan-cli serve: warning: listening on " << QString::fromStdString(options.host)
            << " without --auth: anyone who can reach this port can read, change and delete every table" << Qt::endl;
    }

    // SIGINT and SIGTERM are taken by one thread with sigwait, outside any signal handler, so
    // stopping is an ordinary call: in-flight requests finish and the store closes its file.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);

    keyplan::engine::OpenOptions openOptions;
    if (!readFileCheck(line, &openOptions.check, err)) return 2;
    openOptions.onDamage = [](const std::string& message) {
        std::fprintf(stderr, "keyplan-cli serve: %s\n", keyplan::cli::printable(message).toLocal8Bit().constData());
    };
    std::unique_ptr<keyplan::engine::SqliteStore> store;
    try {
        store = dbPath.isEmpty() ? keyplan::engine::SqliteStore::openInMemory()
                                 : keyplan::engine::SqliteStore::openFile(dbPath.toStdString(), openOptions);
    } catch (const std::exception& e) {
        err << "keyplan-cli serve: cannot open the store: " << printable(e.what()) << "\n";
        return 1;
    }

    keyplan::server::Server server(*store, options);
    std::string error;
    if (!server.bind(&error)) {
        err << "keyplan-cli serve: " << printable(error) << "\n";
        return 1;
    }
    out << "keyplan-cli serve: listening on http://" << QString::fromStdString(options.host) << ":" << server.port() << " ("
        << (dbPath.isEmpty() ? QString("in memory") : dbPath) << authNote << ")" << Qt::endl;

    std::atomic<bool> finished{false};
    std::thread signalThread([&] {
        int sig = 0;
        sigwait(&signals, &sig);
        if (finished) return;
        server.stop();  // answers what is in flight, then run() returns
    });
    server.run();
    finished = true;
    // Wake the signal thread if the listener ended on its own.
    pthread_kill(signalThread.native_handle(), SIGTERM);
    signalThread.join();
    const std::string closing = store->close();
    store.reset();
    if (!closing.empty()) {
        err << "keyplan-cli serve: stopped, but " << printable(closing) << Qt::endl;
        return 1;
    }
    out << "keyplan-cli serve: stopped" << Qt::endl;
    return 0;
}
