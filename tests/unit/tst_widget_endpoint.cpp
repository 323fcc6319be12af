// The window's remote side against `keyplan-cli serve --auth` on loopback (a real SigV4-checking
// endpoint): Connect to endpoint with Test connection and recent connections kept without
// secrets, the status line saying where the store is, deploy / generate / run all acting on the
// connected store and Disconnect going back to the local one, the typed table name before
// anything destructive on the endpoint, and Import design from table with progress and Cancel.
#include "CliProcess.h"
#include "MuteListener.h"
#include "PrivateHome.h"
#include "RemoteEndpoints.h"
#include "design/DesignFile.h"
#include "dynamo/Error.h"
#include "engine/SqliteStore.h"
#include "remote/RemoteConnection.h"
#include "remote/RemoteStore.h"
#include "jobs/Job.h"
#include "widgets/common/Settings.h"
#include "widgets/design/DesignDataController.h"
#include "document/DesignDocument.h"
#include "widgets/heatmap/PartitionHeatmap.h"
#include "widgets/store/ConfirmTableName.h"
#include "widgets/store/ConnectDialog.h"
#include "widgets/store/EndpointController.h"
#include "widgets/store/StoreStatus.h"
#include "widgets/store/StoreSwitch.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFontMetrics>
#include <QLabel>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <thread>

using namespace keyplan;
using widgets::DesignDataController;
using widgets::EndpointController;
using widgets::RecentConnection;
using widgets::StoreLocation;
using widgets::StoreSwitch;

namespace {

const char* const kKeyId = "AKIDKEYPLANWINDOWTEST";
const char* const kSecret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYWINDOWSECRET";

QString samplePath(const char* name)
{
    return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/") + name + QStringLiteral(".keyplan.json");
}

bool writeFile(const QString& path, const QByteArray& text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text) == text.size();
}

// Every message the program logs, to prove no secret reaches a log.
QStringList& logged()
{
    static QStringList messages;
    return messages;
}

void keepMessage(QtMsgType, const QMessageLogContext&, const QString& message) { logged() << message; }

}  // namespace

class WidgetEndpointTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(usePrivateHome(home_));
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation)).removeRecursively();
        qInstallMessageHandler(keepMessage);
        QVERIFY(dir_.isValid());
        // The endpoint knows one key; the AWS files give it to profile "tester" and a wrong
        // secret to profile "wrong", as the AWS CLI would read them.
        QVERIFY(writeFile(dir_.filePath("auth"),
                          QByteArray("[window]\naws_access_key_id = ") + kKeyId + "\naws_secret_access_key = " + kSecret + "\n"));
        QVERIFY(writeFile(dir_.filePath("credentials"),
                          QByteArray("[tester]\naws_access_key_id = ") + kKeyId + "\naws_secret_access_key = " + kSecret +
                              "\n[wrong]\naws_access_key_id = " + kKeyId + "\naws_secret_access_key = not-the-secret\n"));
        QVERIFY(writeFile(dir_.filePath("config"), "[profile tester]\nregion = eu-west-1\n"));
        qputenv("AWS_SHARED_CREDENTIALS_FILE", dir_.filePath("credentials").toUtf8());
        qputenv("AWS_CONFIG_FILE", dir_.filePath("config").toUtf8());
        for (const char* v : {"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE", "AWS_REGION",
                              "AWS_DEFAULT_REGION", "AWS_MAX_ATTEMPTS"})
            qunsetenv(v);
        qputenv("AWS_MAX_ATTEMPTS", "1");  // a refusal is not retried anyway; a dead port fails at once

        QString why;
        url_ = test::startServe(server_, {"--in-memory", "--auth", dir_.filePath("auth")}, &why);
        QVERIFY2(!url_.isEmpty(), qPrintable(why));
    }

    void cleanupTestCase()
    {
        server_.terminate();
        server_.waitForFinished(10000);
        qInstallMessageHandler(nullptr);
    }

    void init()
    {
        local_ = engine::SqliteStore::openInMemory();
        switch_ = std::make_unique<StoreSwitch>(*local_, StoreLocation{});
        // Each test starts with no recent connection.
        QFile::remove(QDir(QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation)).filePath("keyplan.ini"));
        settings_ = std::make_unique<widgets::Settings>();
        QVERIFY(settings_->recentConnections().isEmpty());
        endpoint_ = std::make_unique<EndpointController>(*switch_, endpoints_, *settings_, nullptr);
    }

    void cleanup()
    {
        endpoint_.reset();
        settings_.reset();
        switch_.reset();
        local_.reset();
        // Each test starts on an empty endpoint.
        auto remote = remoteStore();
        for (const auto& t : store::describeAllTables(*remote)) remote->deleteTable({t.tableName});
    }

    void shouldTestTheConnectionAndSayWhatAnswered()
    {
        widgets::ConnectDialog dialog({}, endpoints_);
        dialog.setConnection({url_, QString(), QStringLiteral("tester")});
        dialog.testConnection();
        // The profile's region signs; its source is named, never the secret.
        const QString text = answerOf(dialog, 20000);
        QVERIFY2(text.startsWith(
                     QStringLiteral("Connected to %1/ (eu-west-1): 0 tables (credentials from profile tester in ").arg(url_)),
                 qPrintable(text));
        QVERIFY(!text.contains(kSecret));
        QVERIFY(dialog.result() != QDialog::Accepted);  // testing does not connect

        dialog.setConnection({url_, QStringLiteral("us-east-1"), QStringLiteral("wrong")});
        dialog.testConnection();
        const QString wrong = answerOf(dialog, 20000);
        QVERIFY2(wrong.startsWith(QStringLiteral("InvalidSignatureException: ")), qPrintable(wrong));

        // Refused: said at once, after one attempt.
        dialog.setConnection({QStringLiteral("http://127.0.0.1:1"), QStringLiteral("us-east-1"), QStringLiteral("tester")});
        dialog.testConnection();
        QCOMPARE(
            answerOf(dialog, 20000),
            QStringLiteral("ConnectionError: cannot connect to http://127.0.0.1:1/: the connection was refused, or the host is "
                           "unknown or unreachable"));
    }

    void shouldSayASilentEndpointDidNotAnswerWithinTenSeconds()
    {
        test::MuteListener silent;
        widgets::ConnectDialog dialog({}, endpoints_);
        dialog.setConnection({QString::fromStdString(silent.url()), QStringLiteral("us-east-1"), QStringLiteral("tester")});
        dialog.testConnection();
        const QString text = answerOf(dialog, 30000);
        // One attempt of 10 s: the message would count several, and the wait above would not see a minute.
        QCOMPARE(text, QString::fromStdString("ConnectionError: no answer from " + silent.url() + "/ within 10 s"));
    }

    void shouldConnectRememberWithoutSecretsAndShowWhereTheStoreIs()
    {
        widgets::StoreStatus status(*switch_, switch_->location());
        QCOMPARE(status.locationText(), QStringLiteral("Local: in memory \u00b7"));
        const QImage localLook = status.grab().toImage();
        connect(endpoint_.get(), &EndpointController::storeSwitched, &status, &widgets::StoreStatus::setLocation);
        QSignalSpy switched(endpoint_.get(), &EndpointController::storeSwitched);

        connectThroughTheDialog({url_, QStringLiteral("us-east-1"), QStringLiteral("tester")});
        QCOMPARE(switched.count(), 1);
        QVERIFY(switch_->isRemote());
        QCOMPARE(switch_->location().endpoint, url_ + "/");
        QCOMPARE(switch_->location().region, QStringLiteral("us-east-1"));
        QVERIFY(endpoint_->disconnectAction()->isEnabled());
        QCOMPARE(status.locationText(), QStringLiteral("Endpoint %1/ (us-east-1)").arg(url_));
        QVERIFY2(!status.toolTip().contains(kSecret) && !status.toolTip().contains(kKeyId), qPrintable(status.toolTip()));
        // Visibly different: the remote line has a colour the local one does not.
        QVERIFY(amberPixels(status.grab().toImage()) > 20);
        QCOMPARE(amberPixels(localLook), 0);

        // Remembered: what was typed, and nothing of the key.
        const QList<RecentConnection> recent = settings_->recentConnections();
        QCOMPARE(recent.size(), 1);
        QCOMPARE(recent.first(), (RecentConnection{url_, QStringLiteral("us-east-1"), QStringLiteral("tester")}));
        settings_->sync();
        QFile ini(QDir(QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation)).filePath("keyplan.ini"));
        QVERIFY(ini.open(QIODevice::ReadOnly));
        const QByteArray stored = ini.readAll();
        QVERIFY2(stored.contains(url_.toUtf8()) && stored.contains("tester"), stored.constData());
        QVERIFY2(!stored.contains(kSecret) && !stored.contains(kKeyId) && !stored.contains("not-the-secret"), stored.constData());
        for (const QString& message : logged()) QVERIFY2(!message.contains(kSecret), qPrintable(message));

        // A second dialog offers it.
        widgets::ConnectDialog again(settings_->recentConnections(), endpoints_);
        QCOMPARE(again.connection(), recent.first());
        QCOMPARE(again.findChild<QComboBox*>("recentConnections")->count(), 2);

        endpoint_->disconnectFromEndpoint();
        QCOMPARE(switched.count(), 2);
        QVERIFY(!switch_->isRemote());
        QCOMPARE(status.locationText(), QStringLiteral("Local: in memory \u00b7"));
        QVERIFY(!endpoint_->disconnectAction()->isEnabled());
    }

    void shouldSayEachRetryOfTheConnectedEndpointOnTheStatusLine()
    {
        connectThroughTheDialog({url_, QStringLiteral("us-east-1"), QStringLiteral("tester")});
        auto* remote = dynamic_cast<remote::RemoteStore*>(switch_->current().get());
        QVERIFY(remote);
        QVERIFY2(bool(remote->transport().onConnectionRetry), "the connected store's retries go unsaid");
        QSignalSpy said(endpoint_.get(), &EndpointController::statusMessage);
        // As the transport calls it: from a job's thread, not the GUI's.
        std::thread job([remote] {
            remote->transport().onConnectionRetry(
                dynamo::Error::remote("ConnectionError", "no answer from http://example.test/ within 60 s", 0), 2, 3);
        });
        job.join();
        QVERIFY(said.wait(5000));
        QCOMPARE(said.at(0).at(0).toString(),
                 QStringLiteral("no answer from http://example.test/ within 60 s; trying again (attempt 2 of 3)"));
        endpoint_->disconnectFromEndpoint();
    }

    void shouldNotConnectWhenTheEndpointRefuses()
    {
        bool shown = false;
        auto prompts = endpoint_->prompts();
        prompts.connect = [&](widgets::ConnectDialog& dialog) {
            dialog.setConnection({url_, QStringLiteral("us-east-1"), QStringLiteral("wrong")});
            dialog.accept();
            const QString said = answerOf(dialog, 20000);
            shown = !said.isEmpty() && !said.startsWith(QStringLiteral("Connected to"));
            return dialog.result() == QDialog::Accepted;
        };
        endpoint_->setPrompts(prompts);
        endpoint_->connectToEndpoint();
        QVERIFY(shown);
        QVERIFY(!switch_->isRemote());
        QVERIFY(settings_->recentConnections().isEmpty());
    }

    void shouldDeployGenerateAndRunAllOnTheEndpointThenDisconnect()
    {
        connectThroughTheDialog({url_, QStringLiteral("us-east-1"), QStringLiteral("tester")});
        widgets::DesignDocument doc;
        doc.resetDesign(design::loadDesignFile(samplePath("ecommerce")));
        doc.waitForAnalysis();
        DesignDataController data(&doc, *switch_, nullptr);
        data.setStoreLocation(switch_->location());
        QStringList errors;
        QStringList plan;
        QStringList target;
        QStringList guarded;
        DesignDataController::Prompts prompts;
        prompts.showError = [&](const QString& m) { errors << m; };
        prompts.confirmDeployment = [&](const QString&, const QStringList& where, const QStringList& lines) {
            target = where;
            plan = lines;
            return true;
        };
        data.setPrompts(prompts);
        data.setRemoteGuard([&](const QString& table, const QString&) {
            guarded << table;
            return true;
        });

        QSignalSpy deployed(&data, &DesignDataController::storeChanged);
        QSignalSpy said(&data, &DesignDataController::statusMessage);
        data.deployAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!deployed.isEmpty() || !errors.isEmpty(), 30000);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        QVERIFY2(!said.isEmpty() && said.last().at(0).toString().contains(QStringLiteral("is ACTIVE with every index")),
                 qPrintable(said.isEmpty() ? QString() : said.last().at(0).toString()));
        QVERIFY2(plan.join('\n').contains(QStringLiteral("Shop")), qPrintable(plan.join('\n')));
        QCOMPARE(target, (QStringList{"Endpoint: " + url_ + "/", "Region: us-east-1", "Profile: tester", "Table: Shop"}));
        auto remote = remoteStore();
        QCOMPARE(remote->describeTable({"Shop"}).table.globalSecondaryIndexes.size(), size_t(1));
        QVERIFY(store::describeAllTables(*local_).empty());  // the local store is untouched

        QSignalSpy generated(&data, &DesignDataController::generationFinished);
        data.generate(widgets::SampleRequest{3, 300, true});
        QVERIFY(generated.wait(60000));
        QVERIFY2(generated.at(0).at(0).toBool(), qPrintable(generated.at(0).at(3).toString() + errors.join('\n')));
        QCOMPARE(guarded, QStringList{"Shop"});  // replacing asked first
        const qint64 written = generated.at(0).at(2).toLongLong();
        QVERIFY(written > 0);
        QCOMPARE(countItems(*remote, "Shop"), written);

        QSignalSpy ran(&data, &DesignDataController::runFinished);
        data.runAllAction()->trigger();
        QVERIFY(ran.wait(60000));
        QCOMPARE(ran.at(0).at(0).toInt(), 5);
        QCOMPARE(ran.at(0).at(1).toInt(), 0);
        for (const auto& p : doc.design().patterns()) {
            const widgets::PatternRunSummary* s = doc.runSummary(p.id);
            QVERIFY2(s && s->ok, qPrintable(s ? s->error : QString("no run")));
            QVERIFY(s->consumedReadUnits > 0);
        }

        endpoint_->disconnectFromEndpoint();
        QVERIFY(!switch_->isRemote());
        QVERIFY(store::describeAllTables(*switch_).empty());  // back on the empty local store
        QCOMPARE(countItems(*remote, "Shop"), written);       // the endpoint keeps its table
    }

    void shouldNameTheEndpointProfileAndTableBeforeDeploying()
    {
        // The window's own question, as the user sees it: where, then what; Cancel deploys nothing.
        connectThroughTheDialog({url_, QStringLiteral("us-east-1"), QStringLiteral("tester")});
        widgets::DesignDocument doc;
        doc.resetDesign(design::loadDesignFile(samplePath("ecommerce")));
        DesignDataController data(&doc, *switch_, nullptr);
        data.setStoreLocation(switch_->location());
        QString title;
        QString text;
        QString plan;
        bool planLinesWhole = false;
        QTimer answer;
        answer.setInterval(20);
        connect(&answer, &QTimer::timeout, this, [&] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box || box->objectName() != QLatin1String("confirmDeployment")) return;
            answer.stop();
            title = box->windowTitle();
            text = box->text();
            plan = box->informativeText();
            // Each step of the plan on one line: not wrapped, and the label as wide as its longest.
            const auto* steps = box->findChild<QLabel*>(QStringLiteral("qt_msgbox_informativelabel"));
            if (steps) {
                const QFontMetrics metrics(steps->font());
                int widest = 0;
                for (const QString& line : plan.split(u'\n')) widest = std::max(widest, metrics.horizontalAdvance(line));
                planLinesWhole = !steps->wordWrap() && steps->width() >= widest;
            }
            box->button(QMessageBox::Cancel)->click();
        });
        answer.start();
        data.deployAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!plan.isEmpty(), 20000);
        QCOMPARE(title, QStringLiteral("Deploy Shop to %1/").arg(url_));
        QCOMPARE(text, QStringLiteral("Deploy the design's table to this DynamoDB endpoint?\n\nEndpoint: %1/\nRegion: "
                                      "us-east-1\nProfile: tester\nTable: Shop")
                           .arg(url_));
        QVERIFY2(plan.startsWith(QStringLiteral("Create table Shop")), qPrintable(plan));
        QVERIFY2(planLinesWhole, qPrintable(plan));
        QVERIFY(!text.contains(kSecret) && !text.contains(kKeyId));
        QTRY_VERIFY(!data.isBusy());
        QVERIFY(store::describeAllTables(*remoteStore()).empty());  // cancelled: nothing deployed
    }

    void shouldSayInPlainWordsThatPartitionsAreTheLocalStoresOnAnEndpoint()
    {
        widgets::PartitionHeatmap heatmap(*switch_);
        connect(endpoint_.get(), &EndpointController::storeSwitched, &heatmap, &widgets::PartitionHeatmap::setStoreLocation);
        heatmap.show();
        QVERIFY(QTest::qWaitForWindowExposed(&heatmap));
        QVERIFY(heatmap.isAvailable());
        QVERIFY(heatmap.resetMetersAction()->isEnabled());
        auto* notice = heatmap.findChild<QLabel*>(QStringLiteral("heatmapUnavailable"));
        auto* summary = heatmap.findChild<QLabel*>(QStringLiteral("heatmapSummary"));
        QVERIFY(notice && summary);
        QVERIFY(!notice->isVisible());

        connectThroughTheDialog({url_, QStringLiteral("us-east-1"), QStringLiteral("tester")});
        fillRemoteWithTheSample();  // a table with items and a GSI: what the view would have read
        heatmap.refresh();
        QVERIFY(!widgets::Jobs::instance().isBusy(&heatmap));  // nothing is asked of the endpoint
        QVERIFY(!heatmap.isAvailable());
        QCOMPARE(heatmap.rowCount(), 0);
        QVERIFY(notice->isVisible());
        QVERIFY(!summary->isVisible());
        QCOMPARE(notice->text(), heatmap.unavailableText());
        const QString text = heatmap.unavailableText();
        QVERIFY2(text.contains(QStringLiteral("computed by Keyplan's local store")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("File \u25b8 Disconnect")), qPrintable(text));
        QVERIFY2(text.contains(url_), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("Exception")), qPrintable(text));
        QVERIFY(!summary->text().contains(QStringLiteral("Exception")));
        QVERIFY(!heatmap.resetMetersAction()->isEnabled());

        // Back on the local store, the partitions are read again.
        endpoint_->disconnectFromEndpoint();
        QTRY_VERIFY_WITH_TIMEOUT(heatmap.isAvailable(), 10000);
        QVERIFY(!notice->isVisible());
        QVERIFY(summary->isVisible());
        QVERIFY(heatmap.resetMetersAction()->isEnabled());
        QCOMPARE(heatmap.unavailableText(), QString());
    }

    void shouldNotReplaceTheRemoteTableWithoutItsNameTyped()
    {
        connectThroughTheDialog({url_, QStringLiteral("us-east-1"), QStringLiteral("tester")});
        widgets::DesignDocument doc;
        doc.resetDesign(design::loadDesignFile(samplePath("ecommerce")));
        DesignDataController data(&doc, *switch_, nullptr);
        data.setRemoteGuard([](const QString&, const QString&) { return false; });
        QSignalSpy generated(&data, &DesignDataController::generationFinished);
        data.generate(widgets::SampleRequest{3, 100, true});
        QVERIFY(!data.isBusy());
        QCoreApplication::processEvents();
        QCOMPARE(generated.count(), 0);
        QVERIFY(store::describeAllTables(*remoteStore()).empty());
    }

    void shouldNameTheEndpointAndTableAndWaitForTheTypedName()
    {
        StoreLocation where{StoreLocation::Kind::Endpoint,
                            {},
                            url_ + "/",
                            QStringLiteral("us-east-1"),
                            QStringLiteral("profile tester in ~/.aws/credentials"),
                            QStringLiteral("tester")};
        widgets::ConfirmTableName confirm(where, QStringLiteral("Shop"), QStringLiteral("Every item of the table is deleted."));
        confirm.show();
        QVERIFY(QTest::qWaitForWindowExposed(&confirm));
        QVERIFY(confirm.message().contains(url_ + "/"));
        QVERIFY(confirm.message().contains(QStringLiteral("Table: Shop")));
        QVERIFY(confirm.message().contains(QStringLiteral("Region: us-east-1\nProfile: tester\nTable: Shop")));
        QVERIFY(!confirm.canProceed());
        QTest::keyClicks(confirm.nameEdit(), QStringLiteral("shop"));
        QVERIFY(!confirm.canProceed());  // exactly the name
        confirm.nameEdit()->clear();
        QTest::keyClicks(confirm.nameEdit(), QStringLiteral("Shop"));
        QVERIFY(confirm.canProceed());
        QTest::keyClick(confirm.nameEdit(), Qt::Key_Return);  // typed: Return goes on
        QCOMPARE(confirm.result(), int(QDialog::Accepted));

        // Clear store: locally a yes for every table; on the endpoint the chosen table, typed.
        auto prompts = endpoint_->prompts();
        int askedLocal = 0;
        QString askedFor;
        bool typed = false;
        prompts.confirmClearLocal = [&] {
            ++askedLocal;
            return true;
        };
        prompts.chooseTableToClear = [](const QStringList& tables) { return std::optional<QString>(tables.last()); };
        prompts.confirmTableName = [&](const StoreLocation& w, const QString& table, const QString&) {
            askedFor = w.endpoint + " " + table;
            return typed;
        };
        endpoint_->setPrompts(prompts);
        QCOMPARE(endpoint_->tablesToClear({"Shop", "Audit"}), std::optional<QStringList>(QStringList()));
        QCOMPARE(askedLocal, 1);
        QVERIFY(askedFor.isEmpty());

        connectThroughTheDialog({url_, QStringLiteral("us-east-1"), QStringLiteral("tester")});
        QCOMPARE(endpoint_->tablesToClear({"Shop", "Audit"}), std::nullopt);
        QCOMPARE(askedFor, url_ + "/ Audit");
        typed = true;
        QCOMPARE(endpoint_->tablesToClear({"Shop", "Audit"}), std::optional<QStringList>(QStringList{"Audit"}));
        QCOMPARE(askedLocal, 1);
    }

    void shouldImportADesignFromASampleOfATable()
    {
        connectThroughTheDialog({url_, QStringLiteral("us-east-1"), QStringLiteral("tester")});
        fillRemoteWithTheSample();
        QSignalSpy imported(endpoint_.get(), &EndpointController::designImported);
        widgets::Job* job = endpoint_->importTable(QStringLiteral("Shop"), 200);
        QVERIFY(job);
        QSignalSpy progress(job, &widgets::Job::progress);
        QVERIFY(imported.wait(30000));
        QVERIFY(!progress.isEmpty());
        const auto design = imported.at(0).at(0).value<widgets::ImportedDesign>().design;
        QCOMPARE(design.table().name, std::string("Shop"));
        QCOMPARE(design.table().partitionKey.name, std::string("PK"));
        QCOMPARE(design.indexes().size(), size_t(1));
        QVERIFY2(design.entities().size() >= 4, qPrintable(QString::number(design.entities().size())));
        bool customerKey = false;
        for (const auto& e : design.entities())
            for (const auto& [attribute, binding] : e.keys)
                customerKey = customerKey || (attribute == "PK" && binding.keyTemplate.text() == "CUST#{customerId}");
        QVERIFY(customerKey);
        const QString notes = QString::fromStdString(imported.at(0).at(0).value<widgets::ImportedDesign>().notes.front());
        QCOMPARE(notes, QStringLiteral("inferred from 200 items of Shop (a sample)"));
        QVERIFY(design.extension("workbench") == nullptr);  // the sample stays in the table
    }

    void shouldStopImportingOnCancel()
    {
        connectThroughTheDialog({url_, QStringLiteral("us-east-1"), QStringLiteral("tester")});
        fillRemoteWithTheSample();
        QSignalSpy imported(endpoint_.get(), &EndpointController::designImported);
        QSignalSpy said(endpoint_.get(), &EndpointController::statusMessage);
        widgets::Job* job = endpoint_->importTable(QStringLiteral("Shop"), 100000);
        QVERIFY(job);
        job->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!widgets::Jobs::instance().isBusy(endpoint_.get()), 30000);
        QCOMPARE(imported.count(), 0);
        QVERIFY(said.last().at(0).toString().endsWith(QStringLiteral("cancelled")));
    }

private:
    // What the dialog said of its test or connection attempt once it answered; "" when it did not
    // answer within `ms`.
    static QString answerOf(const widgets::ConnectDialog& dialog, int ms)
    {
        if (!QTest::qWaitFor([&] { return !widgets::Jobs::instance().isBusy(&dialog); }, ms)) return {};
        return dialog.statusText();
    }

    std::unique_ptr<remote::RemoteStore> remoteStore()
    {
        return std::make_unique<remote::RemoteStore>(
            remote::resolveRemoteOptions({url_.toStdString(), "us-east-1", "tester"}, aws::AwsEnvironment()));
    }

    static qint64 countItems(store::Store& s, const std::string& table)
    {
        qint64 n = 0;
        store::ScanRequest scan;
        scan.tableName = table;
        for (;;) {
            const auto page = s.scan(scan);
            n += page.count;
            if (!page.lastEvaluatedKey) return n;
            scan.exclusiveStartKey = page.lastEvaluatedKey;
        }
    }

    static int amberPixels(const QImage& image)
    {
        int n = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                if (image.pixelColor(x, y) == QColor(0xb4, 0x53, 0x09)) ++n;
        return n;
    }

    void connectThroughTheDialog(const RecentConnection& connection)
    {
        auto prompts = endpoint_->prompts();
        prompts.connect = [connection](widgets::ConnectDialog& dialog) {
            dialog.setConnection(connection);
            dialog.accept();
            return !answerOf(dialog, 20000).isEmpty() && dialog.result() == QDialog::Accepted;
        };
        endpoint_->setPrompts(prompts);
        endpoint_->connectToEndpoint();
        QVERIFY(switch_->isRemote());
    }

    void fillRemoteWithTheSample()
    {
        widgets::DesignDocument doc;
        doc.resetDesign(design::loadDesignFile(samplePath("ecommerce")));
        DesignDataController data(&doc, *switch_, nullptr);
        QSignalSpy generated(&data, &DesignDataController::generationFinished);
        data.setRemoteGuard([](const QString&, const QString&) { return true; });
        data.generate(widgets::SampleRequest{5, 400, true});
        QVERIFY(generated.wait(60000));
        QVERIFY(generated.at(0).at(0).toBool());
    }

    QTemporaryDir home_;
    QTemporaryDir dir_;
    QProcess server_;
    QString url_;
    RemoteEndpoints endpoints_;  // as the window reaches an endpoint
    std::unique_ptr<engine::SqliteStore> local_;
    std::unique_ptr<StoreSwitch> switch_;
    std::unique_ptr<widgets::Settings> settings_;
    std::unique_ptr<EndpointController> endpoint_;
};

QTEST_MAIN(WidgetEndpointTest)
#include "tst_widget_endpoint.moc"
