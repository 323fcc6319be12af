// remote::RemoteStore and its transport against a scripted endpoint on loopback
// (tests/remote/fake_endpoint.py): signing, retries as the SDKs' standard mode, UnprocessedItems
// and UnprocessedKeys, error names kept, connections kept alive, HTTPS certificate verification,
// and what a connection problem is said as (refused, silent past the read timeout, closed).
// The behavioural proof (the store's own tests against keyplan serve and DynamoDB Local) is
// tests/remote.
#include "CliProcess.h"
#include "MuteListener.h"
#include "StoreTestSupport.h"

#include "aws/SigV4Verifier.h"
#include "partiql/Executor.h"
#include "remote/RemoteStore.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QUrl>

#include <fstream>
#include <sstream>
#include <string>

using namespace keyplan;
using namespace keyplan::test;

namespace {

const aws::Credentials kKey{"AKIDREMOTETEST", "remote-secret/+key", "", "test"};

struct Answer {
    int status;
    QString body;
};

class FakeEndpoint {
public:
    explicit FakeEndpoint(const QList<Answer>& script, const QStringList& tls = {})
    {
        QJsonArray answers;
        for (const Answer& a : script) answers.append(QJsonObject{{"status", a.status}, {"body", a.body}});
        QFile f(dir_.filePath("script.json"));
        f.open(QIODevice::WriteOnly);
        f.write(QJsonDocument(answers).toJson());
        f.close();
        process_.start("/usr/bin/python3",
                       QStringList{QString(KEYPLAN_SOURCE_DIR) + "/tests/remote/fake_endpoint.py", dir_.filePath("script.json"),
                                   dir_.filePath("log.jsonl"), dir_.filePath("port")} +
                           tls);
        // The endpoint writes its port file (atomically) once it listens; port() stays 0 if it does not.
        const QString portPath = dir_.filePath("port");
        if (!QTest::qWaitFor([&] { return QFile::exists(portPath) || process_.state() == QProcess::NotRunning; }, 20000)) return;
        QFile portFile(portPath);
        if (portFile.open(QIODevice::ReadOnly)) port_ = portFile.readAll().toInt();
    }
    ~FakeEndpoint()
    {
        process_.kill();
        process_.waitForFinished();
    }
    int port() const { return port_; }
    QList<QJsonObject> requests() const
    {
        QList<QJsonObject> out;
        QFile f(dir_.filePath("log.jsonl"));
        if (!f.open(QIODevice::ReadOnly)) return out;
        for (const QByteArray& line : f.readAll().split('\n'))
            if (!line.isEmpty()) out << QJsonDocument::fromJson(line).object();
        return out;
    }
    QString path(const char* name) const { return dir_.filePath(name); }

private:
    QTemporaryDir dir_;
    QProcess process_;
    int port_ = 0;
};

remote::RemoteOptions optionsFor(const std::string& url, int maxAttempts = 3)
{
    remote::RemoteOptions o;
    o.endpoint = remote::RemoteEndpoint::forUrl(url, "eu-west-1");
    o.credentials = kKey;
    o.maxAttempts = maxAttempts;
    o.connectTimeout = std::chrono::milliseconds(3000);
    o.readTimeout = std::chrono::milliseconds(5000);
    return o;
}

// The states of this machine's TCP connections to 127.0.0.1:port, as Linux lists them in
// /proc/net/tcp: "01" established, "08" close-wait (the other end closed it).
QStringList connectionStatesTo(int port)
{
    std::ifstream table("/proc/net/tcp");
    const std::string remote = QString("0100007F:%1").arg(port, 4, 16, QChar('0')).toUpper().toStdString();
    QStringList states;
    std::string slot, local, peer, state;
    for (std::string line; std::getline(table, line);) {
        std::istringstream fields(line);
        if (fields >> slot >> local >> peer >> state && peer == remote) states << QString::fromStdString(state);
    }
    return states;
}

const QString kThrottled =
    R"({"__type":"com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException","message":"The level of configured provisioned throughput for the table was exceeded."})";

}  // namespace

class TestStoreRemote : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldSignEveryRequestSoTheServerCanVerifyIt();
    void shouldRetryThrottlingWithCappedJitteredBackoff();
    void shouldGiveUpAfterMaxAttemptsWithTheLastError();
    void shouldNotRetryClientErrorsAndKeepTheirNames();
    void shouldResendUnprocessedItemsUntilDoneAddingCapacity();
    void shouldSayHowManyItemsStayUnprocessed();
    void shouldResendUnprocessedKeys();
    void shouldReuseTheConnectionBetweenCalls();
    void shouldSendTheBulkPathConcurrentlyKeepingOrder();
    void shouldNameTheEndpointButNoSecretWhenItCannotConnect();
    void shouldSayItWaitedTheReadTimeoutForASilentEndpoint();
    void shouldSayTheEndpointClosedTheConnectionBeforeAnswering();
    void shouldSayWhenTheEndpointDoesNotAnswerAsDynamoDbDoes();
    void shouldReconnectQuietlyWhenTheEndpointClosedAnIdleConnection();
    void shouldVerifyTheServerCertificate();
    void shouldRefuseEndpointUrlsItCannotUse();
    void shouldForwardPartiqlWholeToTheEndpoint();
    void shouldBuildRegionalEndpoints();
};

void TestStoreRemote::shouldSignEveryRequestSoTheServerCanVerifyIt()
{
    FakeEndpoint fake({{200, R"({"Item":{"pk":{"S":"a"},"n":{"N":"1.50"}}})"}});
    QVERIFY(fake.port() > 0);
    remote::RemoteStore remote(optionsFor("http://127.0.0.1:" + std::to_string(fake.port()) + "/"));
    store::GetItemRequest get;
    get.tableName = "t";
    get.key = {{"pk", S("a")}};
    const auto response = remote.getItem(get);
    QVERIFY(response.item);
    QCOMPARE(response.item->at("n"), N("1.50"));

    const QList<QJsonObject> seen = fake.requests();
    QCOMPARE(seen.size(), 1);
    aws::HttpRequestParts request;
    request.path = seen[0]["path"].toString().toStdString();
    for (const auto& h : seen[0]["headers"].toArray())
        request.headers.emplace_back(h.toArray()[0].toString().toStdString(), h.toArray()[1].toString().toStdString());
    QCOMPARE(QString::fromStdString(request.header("X-Amz-Target")), QStringLiteral("DynamoDB_20120810.GetItem"));
    QCOMPARE(QString::fromStdString(request.header("Content-Type")), QStringLiteral("application/x-amz-json-1.0"));
    aws::AccessKeys keys;
    keys.add(kKey.accessKeyId, {kKey.secretAccessKey, "", "test"});
    QCOMPARE(aws::verifyRequest(request, seen[0]["body"].toString().toStdString(), keys, std::chrono::system_clock::now()),
             kKey.accessKeyId);
    QVERIFY(!seen[0]["body"].toString().contains(QString::fromStdString(kKey.secretAccessKey)));
}

void TestStoreRemote::shouldRetryThrottlingWithCappedJitteredBackoff()
{
    FakeEndpoint fake({{400, kThrottled}, {503, R"({"__type":"ServiceUnavailable","message":"busy"})"}, {200, "{}"}});
    remote::RemoteStore remote(optionsFor("http://127.0.0.1:" + std::to_string(fake.port())));
    std::vector<std::chrono::milliseconds> waits;
    remote.transport().sleep = [&](std::chrono::milliseconds d) { waits.push_back(d); };
    remote.putItem(put("t", {{"pk", S("a")}}));
    QCOMPARE(fake.requests().size(), 3);
    QCOMPARE(remote.transport().counters().retries.load(), int64_t(2));
    QCOMPARE(remote.transport().counters().throttles.load(), int64_t(1));
    QCOMPARE(waits.size(), size_t(2));
    // random(0,1) * 2^(attempt-1) seconds: below 1 s, then below 2 s.
    QVERIFY(waits[0].count() >= 0 && waits[0].count() < 1000);
    QVERIFY(waits[1].count() >= 0 && waits[1].count() < 2000);
}

void TestStoreRemote::shouldGiveUpAfterMaxAttemptsWithTheLastError()
{
    FakeEndpoint fake({{500, R"({"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"oops"})"}});
    remote::RemoteStore remote(optionsFor("http://127.0.0.1:" + std::to_string(fake.port()), 4));
    remote.transport().sleep = [](std::chrono::milliseconds) {};
    KEYPLAN_EXPECT_ERROR(remote.putItem(put("t", {{"pk", S("a")}})), "InternalServerError", "oops");
    QCOMPARE(fake.requests().size(), 4);
}

void TestStoreRemote::shouldNotRetryClientErrorsAndKeepTheirNames()
{
    FakeEndpoint fake(
        {{400,
          R"({"__type":"com.amazon.coral.validate#ValidationException","message":"The provided key element does not match the schema"})"},
         {400, R"({"__type":"com.amazon.coral.service#AccessDeniedException","Message":"User is not authorized"})"},
         {400,
          R"({"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException","message":"Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed]","CancellationReasons":[{"Code":"ConditionalCheckFailed","Message":"The conditional request failed","Item":{"pk":{"S":"a"}}}]})"}});
    remote::RemoteStore remote(optionsFor("http://127.0.0.1:" + std::to_string(fake.port())));
    int retries = 0;
    remote.transport().sleep = [&](std::chrono::milliseconds) { ++retries; };
    KEYPLAN_EXPECT_ERROR(remote.putItem(put("t", {{"pk", S("a")}})), "ValidationException",
                         "The provided key element does not match the schema");
    try {
        remote.putItem(put("t", {{"pk", S("a")}}));
        QFAIL("accepted");
    } catch (const dynamo::Error& e) {
        QCOMPARE(e.name(), std::string("AccessDeniedException"));
        QCOMPARE(e.message(), std::string("User is not authorized"));
        QCOMPARE(e.httpStatus(), 400);
    }
    try {
        store::TransactWriteItemsRequest t;
        t.transactItems.push_back({});
        remote.transactWriteItems(t);
        QFAIL("accepted");
    } catch (const dynamo::Error& e) {
        QCOMPARE(e.code(), dynamo::ErrorCode::TransactionCanceledException);
        QCOMPARE(e.cancellationReasons.size(), size_t(1));
        QCOMPARE(e.cancellationReasons[0].code, std::string("ConditionalCheckFailed"));
        QVERIFY(e.cancellationReasons[0].item);
    }
    QCOMPARE(fake.requests().size(), 3);
    QCOMPARE(retries, 0);
}

void TestStoreRemote::shouldResendUnprocessedItemsUntilDoneAddingCapacity()
{
    const QString firstAnswer =
        R"({"UnprocessedItems":{"t":[{"PutRequest":{"Item":{"pk":{"S":"b"}}}}]},"ConsumedCapacity":[{"TableName":"t","CapacityUnits":1.0}]})";
    FakeEndpoint fake(
        {{200, firstAnswer}, {200, R"({"UnprocessedItems":{},"ConsumedCapacity":[{"TableName":"t","CapacityUnits":1.0}]})"}});
    remote::RemoteStore remote(optionsFor("http://127.0.0.1:" + std::to_string(fake.port())));
    int waits = 0;
    remote.transport().sleep = [&](std::chrono::milliseconds) { ++waits; };
    store::BatchWriteItemRequest batch;
    batch.requestItems = {{"t", {{Item{{"pk", S("a")}}, std::nullopt}, {Item{{"pk", S("b")}}, std::nullopt}}}};
    batch.returnConsumedCapacity = store::ReturnConsumedCapacity::Total;
    const auto response = remote.batchWriteItem(batch);
    QVERIFY(response.unprocessedItems.empty());
    QCOMPARE(response.consumedCapacity->at(0).capacityUnits, 2.0);
    QCOMPARE(waits, 1);
    const auto seen = fake.requests();
    QCOMPARE(seen.size(), 2);
    // The second request carries only what was left unprocessed.
    QVERIFY(seen[1]["body"].toString().contains(R"("S":"b")"));
    QVERIFY(!seen[1]["body"].toString().contains(R"("S":"a")"));
}

void TestStoreRemote::shouldSayHowManyItemsStayUnprocessed()
{
    FakeEndpoint fake({{200, R"({"UnprocessedItems":{"t":[{"PutRequest":{"Item":{"pk":{"S":"b"}}}}]}})"}});
    remote::RemoteStore remote(optionsFor("http://127.0.0.1:" + std::to_string(fake.port())), 3);
    remote.transport().sleep = [](std::chrono::milliseconds) {};
    store::BatchWriteItemRequest batch;
    batch.requestItems = {{"t", {{Item{{"pk", S("a")}}, std::nullopt}, {Item{{"pk", S("b")}}, std::nullopt}}}};
    KEYPLAN_EXPECT_ERROR(remote.batchWriteItem(batch), "ProvisionedThroughputExceededException",
                         "1 of 2 writes are still unprocessed after 3 retries of BatchWriteItem's UnprocessedItems");
    QCOMPARE(fake.requests().size(), 4);
}

void TestStoreRemote::shouldResendUnprocessedKeys()
{
    FakeEndpoint fake(
        {{200,
          R"({"Responses":{"t":[{"pk":{"S":"a"}}]},"UnprocessedKeys":{"t":{"Keys":[{"pk":{"S":"b"}}],"ConsistentRead":true}}})"},
         {200, R"({"Responses":{"t":[{"pk":{"S":"b"}}]},"UnprocessedKeys":{}})"}});
    remote::RemoteStore remote(optionsFor("http://127.0.0.1:" + std::to_string(fake.port())));
    remote.transport().sleep = [](std::chrono::milliseconds) {};
    store::BatchGetItemRequest get;
    get.requestItems["t"].keys = {{{"pk", S("a")}}, {{"pk", S("b")}}};
    get.requestItems["t"].consistentRead = true;
    const auto response = remote.batchGetItem(get);
    QCOMPARE(response.responses.at("t").size(), size_t(2));
    QVERIFY(response.unprocessedKeys.empty());
    QVERIFY(fake.requests()[1]["body"].toString().contains(R"("ConsistentRead":true)"));
}

void TestStoreRemote::shouldReuseTheConnectionBetweenCalls()
{
    FakeEndpoint fake({{200, R"({"TableNames":[]})"}});
    remote::RemoteStore remote(optionsFor("http://127.0.0.1:" + std::to_string(fake.port())));
    for (int i = 0; i < 3; ++i) remote.listTables({});
    const auto seen = fake.requests();
    QCOMPARE(seen.size(), 3);
    QCOMPARE(seen[1]["client_port"].toInt(), seen[0]["client_port"].toInt());
    QCOMPARE(seen[2]["client_port"].toInt(), seen[0]["client_port"].toInt());
}

void TestStoreRemote::shouldSendTheBulkPathConcurrentlyKeepingOrder()
{
    FakeEndpoint fake({{200, R"({"UnprocessedItems":{},"ConsumedCapacity":[{"TableName":"t","CapacityUnits":1.0}]})"}});
    remote::RemoteStore remote(optionsFor("http://127.0.0.1:" + std::to_string(fake.port())), 10, 4);
    std::vector<store::BatchWriteItemRequest> batches(24);
    for (size_t i = 0; i < batches.size(); ++i) {
        batches[i].requestItems = {{"t", {{Item{{"pk", S("item" + std::to_string(i))}}, std::nullopt}}}};
        batches[i].returnConsumedCapacity = store::ReturnConsumedCapacity::Total;
    }
    const auto responses = remote.batchWriteItems(batches);
    QCOMPARE(responses.size(), batches.size());
    for (const auto& r : responses) QCOMPARE(r.consumedCapacity->at(0).capacityUnits, 1.0);
    const auto seen = fake.requests();
    QCOMPARE(seen.size(), 24);
    QSet<QString> bodies;
    QSet<int> connections;
    for (const auto& request : seen) {
        bodies.insert(request["body"].toString());
        connections.insert(request["client_port"].toInt());
    }
    QCOMPARE(bodies.size(), 24);
    QVERIFY2(connections.size() > 1 && connections.size() <= 4, qPrintable(QString::number(connections.size())));
}

void TestStoreRemote::shouldNameTheEndpointButNoSecretWhenItCannotConnect()
{
    // Port 9 (discard) has no listener on a test machine: the connection is refused.
    remote::RemoteStore remote(optionsFor("http://127.0.0.1:9", 2));
    remote.transport().sleep = [](std::chrono::milliseconds) {};
    QStringList retries;
    remote.transport().onConnectionRetry = [&](const dynamo::Error& problem, int next, int max) {
        retries << QString("%1 of %2: %3").arg(next).arg(max).arg(QString::fromStdString(problem.message()));
    };
    try {
        remote.listTables({});
        QFAIL("connected to nothing");
    } catch (const dynamo::Error& e) {
        QCOMPARE(e.name(), std::string("ConnectionError"));
        QCOMPARE(QString::fromStdString(e.message()),
                 QString("cannot connect to http://127.0.0.1:9/: the connection was refused, or the host is unknown or "
                         "unreachable (2 attempts)"));
        QVERIFY(!QString::fromStdString(e.message()).contains(QString::fromStdString(kKey.secretAccessKey)));
    }
    QCOMPARE(remote.transport().counters().requests.load(), int64_t(2));
    QCOMPARE(retries, QStringList{"2 of 2: cannot connect to http://127.0.0.1:9/: the connection was refused, or the host "
                                  "is unknown or unreachable"});
}

void TestStoreRemote::shouldSayItWaitedTheReadTimeoutForASilentEndpoint()
{
    test::MuteListener silent;
    remote::RemoteOptions options = optionsFor(silent.url(), 2);
    options.readTimeout = std::chrono::milliseconds(300);
    remote::RemoteStore remote(options);
    remote.transport().sleep = [](std::chrono::milliseconds) {};
    QStringList retried;
    remote.transport().onConnectionRetry = [&](const dynamo::Error& e, int, int) {
        retried << QString::fromStdString(e.message());
    };
    try {
        remote.listTables({});
        QFAIL("a silent endpoint answered");
    } catch (const dynamo::Error& e) {
        QCOMPARE(e.name(), std::string("ConnectionError"));
        QCOMPARE(QString::fromStdString(e.message()),
                 QString::fromStdString("no answer from " + silent.url() + "/ within 0.3 s (2 attempts)"));
    }
    // The transport says "no answer ... within" only of a call that waited out the read timeout (a
    // faster failure is said otherwise): both attempts waited for an answer until their timeout.
    QCOMPARE(retried, QStringList{QString::fromStdString("no answer from " + silent.url() + "/ within 0.3 s")});
}

void TestStoreRemote::shouldSayTheEndpointClosedTheConnectionBeforeAnswering()
{
    test::MuteListener closing(/*closeEach=*/true);
    remote::RemoteStore remote(optionsFor(closing.url(), 1));
    try {
        remote.listTables({});
        QFAIL("a closed connection answered");
    } catch (const dynamo::Error& e) {
        QCOMPARE(e.name(), std::string("ConnectionError"));
        QCOMPARE(QString::fromStdString(e.message()),
                 QString::fromStdString(closing.url() + "/ closed the connection before answering"));
    }
}

void TestStoreRemote::shouldSayWhenTheEndpointDoesNotAnswerAsDynamoDbDoes()
{
    // A web server, not DynamoDB: its 404 has no DynamoDB error body.
    FakeEndpoint fake({{404, "<html>Not Found</html>"}});
    QVERIFY(fake.port() > 0);
    const std::string url = "http://127.0.0.1:" + std::to_string(fake.port()) + "/";
    remote::RemoteStore remote(optionsFor(url, 1));
    try {
        remote.listTables({});
        QFAIL("a 404 was taken for an answer");
    } catch (const dynamo::Error& e) {
        QCOMPARE(e.name(), std::string("HttpError404"));
        QCOMPARE(QString::fromStdString(e.message()),
                 QString::fromStdString("HTTP 404: <html>Not Found</html> (from " + url +
                                        ", which does not answer as DynamoDB does: is it a DynamoDB endpoint?)"));
    }
}

void TestStoreRemote::shouldReconnectQuietlyWhenTheEndpointClosedAnIdleConnection()
{
    // keyplan-cli serve closes a kept-alive connection after --idle-timeout seconds without a
    // request, as DynamoDB's front ends close idle ones: the next call must not count that as a
    // connection problem, or a quiet minute in a long load would print "trying again".
    QProcess server;
    QString why;
    const QString url = test::startServe(server, {"--in-memory", "--idle-timeout", "1"}, &why);
    QVERIFY2(!url.isEmpty(), qPrintable(why));

    remote::RemoteStore remote(optionsFor(url.toStdString(), 3));
    int retries = 0;
    remote.transport().onConnectionRetry = [&](const dynamo::Error&, int, int) { ++retries; };
    remote.listTables({});
    const int port = QUrl(url).port();
    QVERIFY2(connectionStatesTo(port).contains("01"), "the connection was not kept alive");
    // When the server has closed it, after its idle second
    QTRY_VERIFY_WITH_TIMEOUT(!connectionStatesTo(port).contains("01"), 20000);
    remote.listTables({});
    QCOMPARE(retries, 0);
    QCOMPARE(remote.transport().counters().retries.load(), int64_t(0));
    server.terminate();
    server.waitForFinished(10000);
}

void TestStoreRemote::shouldVerifyTheServerCertificate()
{
    QTemporaryDir dir;
    QProcess openssl;
    openssl.start("openssl",
                  {"req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1", "-addext",
                   "subjectAltName=IP:127.0.0.1", "-keyout", dir.filePath("key.pem"), "-out", dir.filePath("cert.pem")});
    QVERIFY2(openssl.waitForFinished(60000) && openssl.exitCode() == 0,
             "the openssl command is needed to make a test certificate");
    FakeEndpoint fake({{200, R"({"TableNames":["secure"]})"}}, {dir.filePath("cert.pem"), dir.filePath("key.pem")});
    QVERIFY(fake.port() > 0);
    const std::string url = "https://127.0.0.1:" + std::to_string(fake.port());

    remote::RemoteStore untrusted(optionsFor(url, 1));
    try {
        untrusted.listTables({});
        QFAIL("a self-signed certificate was trusted");
    } catch (const dynamo::Error& e) {
        QCOMPARE(e.name(), std::string("ConnectionError"));
        // OpenSSL's own reason: "self-signed certificate" (3.0), "self signed certificate" (1.1).
        QVERIFY2(QString::fromStdString(e.message())
                     .startsWith(QString::fromStdString("the certificate of " + url + "/ is not trusted: self")),
                 e.what());
    }
    QCOMPARE(fake.requests().size(), 0);

    remote::RemoteOptions trusting = optionsFor(url, 1);
    trusting.caBundle = dir.filePath("cert.pem").toStdString();
    remote::RemoteStore trusted(trusting);
    QCOMPARE(trusted.listTables({}).tableNames, std::vector<std::string>{"secure"});
}

void TestStoreRemote::shouldRefuseEndpointUrlsItCannotUse()
{
    for (const char* url : {"ftp://example.com", "localhost:8000", "http://", "http://h/?a=b", "http://user:pw@h/"})
        QVERIFY_THROWS_EXCEPTION(dynamo::Error, remote::RemoteEndpoint::forUrl(url, "us-east-1"));
    const auto e = remote::RemoteEndpoint::forUrl("http://localhost:8000", "us-east-1");
    QCOMPARE(e.hostHeader(), std::string("localhost:8000"));
    QCOMPARE(e.path, std::string("/"));
    QCOMPARE(remote::RemoteEndpoint::forUrl("https://h.example:443/x", "r").hostHeader(), std::string("h.example"));
}

void TestStoreRemote::shouldBuildRegionalEndpoints()
{
    QCOMPARE(remote::RemoteEndpoint::forRegion("eu-central-1").url(), std::string("https://dynamodb.eu-central-1.amazonaws.com/"));
    QCOMPARE(remote::RemoteEndpoint::forRegion("cn-north-1").url(), std::string("https://dynamodb.cn-north-1.amazonaws.com.cn/"));
}

void TestStoreRemote::shouldForwardPartiqlWholeToTheEndpoint()
{
    // The endpoint runs the statement itself: its NextToken and capacity come back as it sent them,
    // and nothing is asked of it but the three PartiQL calls (no DescribeTable, no Query).
    FakeEndpoint fake(
        {{200,
          R"({"Items":[{"pk":{"S":"a"}}],"NextToken":"its-own-token","ConsumedCapacity":{"TableName":"t","CapacityUnits":0.5}})"},
         {200,
          R"({"Responses":[{"TableName":"t"},{"Error":{"Code":"DuplicateItem","Message":"Duplicate primary key exists in table"}}]})"},
         {200, R"({"Responses":[]})"}});
    remote::RemoteStore remote(optionsFor("http://127.0.0.1:" + std::to_string(fake.port())));
    store::ExecuteStatementRequest select;
    select.statement = "SELECT * FROM t WHERE pk = ?";
    select.parameters = std::vector<dynamo::AttributeValue>{S("a")};
    select.limit = 1;
    const auto page = partiql::executeStatement(remote, select);
    QCOMPARE(page.items.size(), size_t(1));
    QCOMPARE(page.nextToken.value_or(""), std::string("its-own-token"));
    QCOMPARE(page.consumedCapacity->capacityUnits, 0.5);
    store::BatchExecuteStatementRequest batch;
    batch.statements = {{"INSERT INTO t VALUE {'pk':'b'}", std::nullopt, std::nullopt, {}},
                        {"INSERT INTO t VALUE {'pk':'a'}", std::nullopt, std::nullopt, {}}};
    const auto answers = partiql::batchExecuteStatement(remote, batch);
    QCOMPARE(answers.responses[1].error->code, std::string("DuplicateItem"));
    store::ExecuteTransactionRequest transaction;
    transaction.transactStatements = {{"DELETE FROM t WHERE pk = 'a'", std::nullopt, {}}};
    QVERIFY(partiql::executeTransaction(remote, transaction).responses->empty());
    const auto seen = fake.requests();
    QCOMPARE(seen.size(), 3);
    auto target = [&](int i) {
        for (const auto& h : seen[i]["headers"].toArray())
            if (h.toArray()[0].toString().compare("X-Amz-Target", Qt::CaseInsensitive) == 0) return h.toArray()[1].toString();
        return QString();
    };
    QCOMPARE(target(0), QString("DynamoDB_20120810.ExecuteStatement"));
    QCOMPARE(seen[0]["body"].toString(),
             QString(R"({"Statement":"SELECT * FROM t WHERE pk = ?","Parameters":[{"S":"a"}],"Limit":1})"));
    QCOMPARE(target(1), QString("DynamoDB_20120810.BatchExecuteStatement"));
    QCOMPARE(target(2), QString("DynamoDB_20120810.ExecuteTransaction"));
}

QTEST_GUILESS_MAIN(TestStoreRemote)
#include "tst_store_remote.moc"
