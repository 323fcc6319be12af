// keyplan-cli serve: the store as a DynamoDB-compatible HTTP endpoint, for any AWS SDK.
#include "CliCommand.h"

#include "ServeAuth.h"
#include "Server.h"
#include "aws/Credentials.h"
#include "aws/SigV4Verifier.h"
#include "engine/SqliteStore.h"

#include <QTextStream>

#include <csignal>
#include <pthread.h>
#include <thread>

namespace {

const char* const kHelp = "usage: keyplan-cli serve [--host 127.0.0.1] [--port 8000] [--db FILE | --in-memory] [--auth FILE]\n"
                          "                         [--header-timeout 10] [--body-timeout 30] [--idle-timeout 60]\n\n"
                          "Serves the store over DynamoDB's JSON protocol (any AWS SDK: endpoint http://HOST:PORT, any\n"
                          "credentials). --db FILE keeps the tables in FILE (created if missing; this process owns it\n"
                          "while it runs); --in-memory, the default, keeps them until the server stops. Ctrl-C or SIGTERM\n"
                          "stops it cleanly.\n"
                          "A request's headers must arrive within --header-timeout seconds of its first byte and its body\n"
                          "within --body-timeout seconds after them; an idle keep-alive connection is closed after\n"
                          "--idle-timeout seconds. Bodies over 16 MB (DynamoDB's request limit) are refused unread.\n"
                          "--auth FILE (the AWS shared-credentials format: [name] sections with aws_access_key_id and\n"
                          "aws_secret_access_key) makes every request carry a valid SigV4 signature by one of those keys,\n"
                          "dated within 15 minutes; others are refused as DynamoDB refuses them. Without it any caller that\n"
                          "can reach the port can read and change every table: listen beyond loopback only with --auth.\n";

int serve(const QStringList& args)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    keyplan::server::ServerOptions options;
    QString dbPath, authPath;
    bool inMemory = false;
    for (int i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        auto value = [&](QString* v) {
            if (i + 1 >= args.size()) return false;
            *v = args[++i];
            return true;
        };
        QString v;
        if (a == "--help" || a == "-h") {
            out << kHelp;
            return 0;
        } else if ((a == "--header-timeout" || a == "--body-timeout" || a == "--idle-timeout") && value(&v)) {
            bool ok = false;
            const double seconds = v.toDouble(&ok);
            if (!ok || !(seconds > 0) || seconds > 3600) {
                err << "keyplan-cli serve: " << a << " takes seconds, more than 0 and at most 3600, not '" << v << "'\n";
                return 2;
            }
            const std::chrono::milliseconds ms(static_cast<long long>(seconds * 1000));
            (a == "--header-timeout" ? options.headerDeadline
             : a == "--body-timeout" ? options.bodyDeadline
                                     : options.idleTimeout) = ms;
            if (a == "--header-timeout") options.firstByteTimeout = ms;
        } else if (a == "--host" && value(&v)) {
            options.host = v.toStdString();
        } else if (a == "--port" && value(&v)) {
            bool ok = false;
            options.port = v.toInt(&ok);
            if (!ok || options.port < 0 || options.port > 65535) {
                err << "keyplan-cli serve: invalid port '" << v << "'\n";
                return 2;
            }
        } else if (a == "--db" && value(&v)) {
            dbPath = v;
        } else if (a == "--auth" && value(&v)) {
            authPath = v;
        } else if (a == "--in-memory") {
            inMemory = true;
        } else {
            err << "keyplan-cli serve: unknown or incomplete option '" << a << "' (see --help)\n";
            return 2;
        }
    }
    if (inMemory && !dbPath.isEmpty()) {
        err << "keyplan-cli serve: --db and --in-memory exclude each other\n";
        return 2;
    }
    QString authNote;
    if (!authPath.isEmpty()) {
        try {
            auto keys = std::make_shared<const keyplan::aws::AccessKeys>(
                keyplan::aws::AccessKeys::fromSharedCredentialsFile(authPath.toStdString()));
            authNote = QString(", SigV4 required: %1 access key(s) from %2").arg(keys->size()).arg(authPath);
            options.check = keyplan::cli::sigV4Check(std::move(keys));
        } catch (const keyplan::aws::ConfigError& e) {
            err << "keyplan-cli serve: --auth: " << e.what() << "\n";
            return 2;
        }
    } else if (!keyplan::cli::isLoopbackHost(options.host)) {
        err << "keyplan-cli serve: warning: listening on " << QString::fromStdString(options.host)
            << " without --auth: anyone who can reach this port can read, change and delete every table\n";
    }

    // SIGINT and SIGTERM are taken by one thread with sigwait, outside any signal handler, so
    // stopping is an ordinary call: in-flight requests finish and the store closes its file.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);

    std::unique_ptr<keyplan::engine::SqliteStore> store;
    try {
        store = dbPath.isEmpty() ? keyplan::engine::SqliteStore::openInMemory()
                                 : keyplan::engine::SqliteStore::openFile(dbPath.toStdString());
    } catch (const std::exception& e) {
        err << "keyplan-cli serve: cannot open the store: " << e.what() << "\n";
        return 1;
    }

    keyplan::server::Server server(*store, options);
    std::string error;
    if (!server.bind(&error)) {
        err << "keyplan-cli serve: " << QString::fromStdString(error) << "\n";
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
    store.reset();
    out << "keyplan-cli serve: stopped" << Qt::endl;
    return 0;
}

}  // namespace

KEYPLAN_CLI_COMMAND(serve, "serve", "serve the store over DynamoDB's HTTP protocol (any AWS SDK)", serve);
