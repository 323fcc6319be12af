// SigV4 signing against AWS's published test suite and against botocore, and the verifying side
// used by `keyplan-cli serve --auth`.
#include "aws/Crypto.h"
#include "aws/SigV4.h"
#include "aws/SigV4Verifier.h"
#include "dynamo/AttributeValue.h"
#include "dynamo/Error.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace keyplan;
using namespace std::chrono_literals;
using Clock = std::chrono::system_clock;

namespace {

// The suite's fixed instant and key (context.json of every case): 2015-08-30T12:36:00Z.
const Clock::time_point kSuiteTime = Clock::from_time_t(1440938160);
const aws::Credentials kSuiteKey{"AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "", "test"};

aws::HttpRequestParts dynamoRequest()
{
    aws::HttpRequestParts r;
    r.method = "POST";
    r.path = "/";
    r.headers = {{"Host", "dynamodb.us-east-1.amazonaws.com"},
                 {"Content-Type", "application/x-amz-json-1.0"},
                 {"X-Amz-Target", "DynamoDB_20120810.GetItem"}};
    return r;
}

void expectError(const std::function<void()>& call, const char* name, const std::string& message)
{
    try {
        call();
        QFAIL(qPrintable(QStringLiteral("expected %1, the request was accepted").arg(name)));
    } catch (const dynamo::Error& e) {
        QCOMPARE(QString::fromStdString(e.name()), QString::fromLatin1(name));
        QCOMPARE(QString::fromStdString(e.message()), QString::fromStdString(message));
        QCOMPARE(e.httpStatus(), 400);
    }
}

// `request` with an Authorization by AKIDALICE over `signedHeaders` only, dated `date` (the
// string to sign's date; the request carries it in X-Amz-Date or Date). sign() cannot do this: it
// signs every header the request carries.
aws::HttpRequestParts signedOver(aws::HttpRequestParts request, const std::string& date,
                                 const std::vector<std::string>& signedHeaders, std::string_view body = "{}")
{
    const aws::SigningScope scope{date.substr(0, 8), "us-east-1", "dynamodb"};
    const std::string canonical = aws::canonicalRequest(request, signedHeaders, aws::sha256Hex(body));
    const std::string signature = aws::signatureHex(aws::signingKey("alice-secret", scope),
                                                    aws::stringToSign(date, scope, canonical));
    std::string names;
    for (const std::string& name : signedHeaders) names += (names.empty() ? "" : ";") + name;
    request.headers.emplace_back("Authorization", "AWS4-HMAC-SHA256 Credential=AKIDALICE/" + scope.toString() +
                                                      ", SignedHeaders=" + names + ", Signature=" + signature);
    return request;
}

// dynamoRequest() with X-Amz-Date `date`, signed over `signedHeaders`.
aws::HttpRequestParts signedAt(const std::string& date, const std::vector<std::string>& signedHeaders,
                               std::string_view body = "{}")
{
    aws::HttpRequestParts request = dynamoRequest();
    request.headers.emplace_back("X-Amz-Date", date);
    return signedOver(std::move(request), date, signedHeaders, body);
}

void expectAccepted(const std::function<std::string()>& call)
{
    try {
        QCOMPARE(call(), std::string("AKIDALICE"));
    } catch (const dynamo::Error& e) {
        QFAIL(qPrintable(
            QStringLiteral("refused: %1: %2").arg(QString::fromStdString(e.name()), QString::fromStdString(e.message()))));
    }
}

aws::AccessKeys aliceKeys()
{
    aws::AccessKeys keys;
    keys.add("AKIDALICE", {"alice-secret", "", "alice"});
    return keys;
}

// AKIDALICE's request verified at `now`: accepted when `refusal` is empty, else refused with
// InvalidSignatureException and that text.
void expectVerdict(const aws::HttpRequestParts& request, Clock::time_point now, const QString& refusal)
{
    const aws::AccessKeys keys = aliceKeys();
    if (refusal.isEmpty()) expectAccepted([&] { return aws::verifyRequest(request, "{}", keys, now); });
    else expectError([&] { aws::verifyRequest(request, "{}", keys, now); }, "InvalidSignatureException", refusal.toStdString());
}

}  // namespace

class TestAwsSigV4 : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldComputeDigestsAndHmacAsPublished();
    void shouldSignLikeAwsTestSuite_data();
    void shouldSignLikeAwsTestSuite();
    void shouldProduceTheSameAuthorizationAsBotocore_data();
    void shouldProduceTheSameAuthorizationAsBotocore();
    void shouldAcceptRequestSignedWithAKnownKey();
    void shouldRefuseMissingAuthorization();
    void shouldRefuseWrongSecret();
    void shouldRefuseTamperedBody();
    void shouldRefuseUnknownAccessKey();
    void shouldRefuseClockSkewBeyondFifteenMinutes();
    void shouldNameSkewByItsDirectionAtEveryDistance_data();
    void shouldNameSkewByItsDirectionAtEveryDistance();
    void shouldReadTheDateHeaderWhenXAmzDateIsAbsent();
    void shouldRefuseIncompleteAuthorization();
    void shouldRefuseWhenHostIsNotSigned();
    void shouldRefuseWhenTheOperationOrDateIsNotSigned_data();
    void shouldRefuseWhenTheOperationOrDateIsNotSigned();
    void shouldRefuseAGetItemReplayedAsDeleteItem();
    void shouldRefuseWrongServiceInScope();
    void shouldRequireTheConfiguredSessionToken();
    void shouldReadAccessKeysFromSharedCredentialsText();
    void shouldRefuseCredentialsFileWithoutKeys();
    void shouldRefuseOneKeyWithTwoSecrets_data();
    void shouldRefuseOneKeyWithTwoSecrets();
    void shouldTakeOneKeyListedTwiceAlikeWithAWarning();
};

void TestAwsSigV4::shouldComputeDigestsAndHmacAsPublished()
{
    // FIPS 180-2 "abc" and RFC 4231 test case 2.
    QCOMPARE(QString::fromStdString(aws::sha256Hex("abc")),
             QStringLiteral("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    QCOMPARE(QString::fromStdString(aws::toHex(aws::hmacSha256("Jefe", "what do ya want for nothing?"))),
             QStringLiteral("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"));
    QVERIFY(aws::constantTimeEquals("abc", "abc"));
    QVERIFY(!aws::constantTimeEquals("abc", "abd"));
    QVERIFY(!aws::constantTimeEquals("abc", "abcd"));
}

// Cases of AWS's SigV4 test suite as published in awslabs/aws-c-auth,
// tests/aws-signing-test-suite/v4/<case>/header-signed-request.txt (key AKIDEXAMPLE, region
// us-east-1, service "service", 2015-08-30T12:36:00Z). Each row's signature is copied from that file.
void TestAwsSigV4::shouldSignLikeAwsTestSuite_data()
{
    QTest::addColumn<QString>("method");
    QTest::addColumn<QString>("pathAndQuery");
    QTest::addColumn<QStringList>("headers");  // "Name:value", Host included
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("token");
    QTest::addColumn<QString>("signedHeaders");
    QTest::addColumn<QString>("signature");

    const QString host = "Host:example.amazonaws.com";
    QTest::newRow("get-vanilla") << "GET"
                                 << "/" << QStringList{host} << ""
                                 << ""
                                 << "host;x-amz-date"
                                 << "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31";
    QTest::newRow("post-vanilla") << "POST"
                                  << "/" << QStringList{host} << ""
                                  << ""
                                  << "host;x-amz-date"
                                  << "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b";
    QTest::newRow("get-vanilla-query-order-key-case") << "GET"
                                                      << "/?Param2=value2&Param1=value1" << QStringList{host} << ""
                                                      << ""
                                                      << "host;x-amz-date"
                                                      << "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500";
    QTest::newRow("get-header-value-trim") << "GET"
                                           << "/" << QStringList{host, "My-Header1: value1", "My-Header2: \"a   b   c\""} << ""
                                           << ""
                                           << "host;my-header1;my-header2;x-amz-date"
                                           << "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736";
    QTest::newRow("get-header-key-duplicate")
        << "GET"
        << "/" << QStringList{host, "My-Header1:value2", "My-Header1:value2", "My-Header1:value1"} << ""
        << ""
        << "host;my-header1;x-amz-date"
        << "c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea";
    QTest::newRow("get-vanilla-with-session-token") << "GET"
                                                    << "/" << QStringList{host} << ""
                                                    << "6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267"
                                                    << "host;x-amz-date;x-amz-security-token"
                                                    << "07ec1639c89043aa0e3e2de82b96708f198cceab042d4a97044c66dd9f74e7f8";
    QTest::newRow("post-x-www-form-urlencoded")
        << "POST"
        << "/"
        << QStringList{"Content-Type:application/x-www-form-urlencoded", host, "Content-Length:13",
                       "x-amz-content-sha256:9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e"}
        << "Param1=value1"
        << ""
        << "content-length;content-type;host;x-amz-content-sha256;x-amz-date"
        << "d3875051da38690788ef43de4db0d8f280229d82040bfac253562e56c3f20e0b";
}

void TestAwsSigV4::shouldSignLikeAwsTestSuite()
{
    QFETCH(QString, method);
    QFETCH(QString, pathAndQuery);
    QFETCH(QStringList, headers);
    QFETCH(QString, body);
    QFETCH(QString, token);
    QFETCH(QString, signedHeaders);
    QFETCH(QString, signature);

    aws::HttpRequestParts request;
    request.method = method.toStdString();
    const qsizetype q = pathAndQuery.indexOf('?');
    request.path = pathAndQuery.left(q < 0 ? pathAndQuery.size() : q).toStdString();
    request.query = q < 0 ? std::string() : pathAndQuery.mid(q + 1).toStdString();
    for (const QString& h : headers) {
        const qsizetype colon = h.indexOf(':');
        request.headers.emplace_back(h.left(colon).toStdString(), h.mid(colon + 1).toStdString());
    }
    aws::Credentials key = kSuiteKey;
    key.sessionToken = token.toStdString();
    aws::sign(request, body.toStdString(), key, "us-east-1", "service", kSuiteTime);

    QCOMPARE(QString::fromStdString(request.header("X-Amz-Date")), QStringLiteral("20150830T123600Z"));
    QCOMPARE(QString::fromStdString(request.header("Authorization")),
             "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=" + signedHeaders +
                 ", Signature=" + signature);
}

void TestAwsSigV4::shouldProduceTheSameAuthorizationAsBotocore_data()
{
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("token");
    QTest::newRow("GetItem, long-term key") << R"({"TableName":"Shop","Key":{"PK":{"S":"CUST#1"}}})"
                                            << "";
    QTest::newRow("temporary key with a session token") << R"({"TableName":"Shop","Key":{"PK":{"S":"Zoë ✓"}}})"
                                                        << "FwoGZXIvYXdzEJr//////////wEaDOToken+/=";
    QTest::newRow("empty body") << ""
                                << "";
}

// botocore (Debian's python3-botocore) is an independent SigV4 implementation: for the same
// request, key and instant, its SigV4Auth must write the same Authorization header as ours.
void TestAwsSigV4::shouldProduceTheSameAuthorizationAsBotocore()
{
    QFETCH(QString, body);
    QFETCH(QString, token);
    const aws::Credentials key{"AKIAKEYPLANTEST12345", "kEyPlAn/secret+Key0123456789abcdefGHIJKL", token.toStdString(), "test"};
    const Clock::time_point when = Clock::from_time_t(1796130045);  // 2026-12-01T13:00:45Z

    aws::HttpRequestParts request = dynamoRequest();
    aws::sign(request, body.toUtf8().toStdString(), key, "us-east-1", "dynamodb", when);

    const char* script = R"PY(
import datetime, json, sys
import botocore.auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials
args = json.loads(sys.stdin.read())
class Fixed(datetime.datetime):
    @classmethod
    def utcnow(cls):
        return cls(2026, 12, 1, 13, 0, 45)
class FixedModule:
    datetime = Fixed
botocore.auth.datetime = FixedModule
request = AWSRequest(method="POST", url="https://dynamodb.us-east-1.amazonaws.com/", data=args["body"].encode("utf-8"),
                     headers={"Content-Type": "application/x-amz-json-1.0", "X-Amz-Target": "DynamoDB_20120810.GetItem"})
botocore.auth.SigV4Auth(Credentials(args["id"], args["secret"], args["token"] or None), "dynamodb", "us-east-1").add_auth(request)
print(request.headers["Authorization"])
)PY";
    QProcess python;
    python.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), QString::fromUtf8(script)});
    QVERIFY2(python.waitForStarted(), "/usr/bin/python3 is needed (Debian: python3-boto3)");
    QJsonObject args{{"body", body},
                     {"token", token},
                     {"id", QString::fromStdString(key.accessKeyId)},
                     {"secret", QString::fromStdString(key.secretAccessKey)}};
    python.write(QJsonDocument(args).toJson());
    python.closeWriteChannel();
    QVERIFY(python.waitForFinished(60000));
    QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
    const QString botocore = QString::fromUtf8(python.readAllStandardOutput()).trimmed();
    QCOMPARE(QString::fromStdString(request.header("Authorization")), botocore);
}

void TestAwsSigV4::shouldAcceptRequestSignedWithAKnownKey()
{
    aws::AccessKeys keys;
    keys.add("AKIDALICE", {"alice-secret", "", "alice"});
    const std::string body = R"({"TableName":"Shop"})";
    aws::HttpRequestParts request = dynamoRequest();
    const Clock::time_point now = Clock::now();
    aws::sign(request, body, {"AKIDALICE", "alice-secret", "", "t"}, "eu-west-1", "dynamodb", now);
    QCOMPARE(aws::verifyRequest(request, body, keys, now + 14min), std::string("AKIDALICE"));
    QCOMPARE(aws::verifyRequest(request, body, keys, now - 14min), std::string("AKIDALICE"));
}

void TestAwsSigV4::shouldRefuseMissingAuthorization()
{
    aws::AccessKeys keys;
    keys.add("AKIDALICE", {"alice-secret", "", "alice"});
    aws::HttpRequestParts request = dynamoRequest();
    expectError([&] { aws::verifyRequest(request, "{}", keys, Clock::now()); }, "MissingAuthenticationTokenException",
                "Request is missing Authentication Token");
    request.headers.emplace_back("Authorization", "Bearer abc");
    expectError([&] { aws::verifyRequest(request, "{}", keys, Clock::now()); }, "MissingAuthenticationTokenException",
                "Request is missing Authentication Token");
}

void TestAwsSigV4::shouldRefuseWrongSecret()
{
    aws::AccessKeys keys;
    keys.add("AKIDALICE", {"alice-secret", "", "alice"});
    aws::HttpRequestParts request = dynamoRequest();
    const auto now = Clock::now();
    aws::sign(request, "{}", {"AKIDALICE", "not-alice-secret", "", "t"}, "us-east-1", "dynamodb", now);
    expectError([&] { aws::verifyRequest(request, "{}", keys, now); }, "InvalidSignatureException",
                "The request signature we calculated does not match the signature you provided. Check your AWS Secret "
                "Access Key and signing method. Consult the service documentation for details.");
}

void TestAwsSigV4::shouldRefuseTamperedBody()
{
    aws::AccessKeys keys;
    keys.add("AKIDALICE", {"alice-secret", "", "alice"});
    aws::HttpRequestParts request = dynamoRequest();
    const auto now = Clock::now();
    aws::sign(request, R"({"TableName":"A"})", {"AKIDALICE", "alice-secret", "", "t"}, "us-east-1", "dynamodb", now);
    QVERIFY_THROWS_EXCEPTION(dynamo::Error, aws::verifyRequest(request, R"({"TableName":"B"})", keys, now));
    QCOMPARE(aws::verifyRequest(request, R"({"TableName":"A"})", keys, now), std::string("AKIDALICE"));
}

void TestAwsSigV4::shouldRefuseUnknownAccessKey()
{
    aws::AccessKeys keys;
    keys.add("AKIDALICE", {"alice-secret", "", "alice"});
    aws::HttpRequestParts request = dynamoRequest();
    const auto now = Clock::now();
    aws::sign(request, "{}", {"AKIDMALLORY", "alice-secret", "", "t"}, "us-east-1", "dynamodb", now);
    expectError([&] { aws::verifyRequest(request, "{}", keys, now); }, "UnrecognizedClientException",
                "The security token included in the request is invalid.");
}

void TestAwsSigV4::shouldRefuseClockSkewBeyondFifteenMinutes()
{
    aws::AccessKeys keys;
    keys.add("AKIDALICE", {"alice-secret", "", "alice"});
    aws::HttpRequestParts request = dynamoRequest();
    aws::sign(request, "{}", {"AKIDALICE", "alice-secret", "", "t"}, "us-east-1", "dynamodb", kSuiteTime);
    expectError([&] { aws::verifyRequest(request, "{}", keys, kSuiteTime + 16min); }, "InvalidSignatureException",
                "Signature expired: 20150830T123600Z is now earlier than 20150830T123700Z (20150830T125200Z - 15 min.)");
    expectError([&] { aws::verifyRequest(request, "{}", keys, kSuiteTime - 16min); }, "InvalidSignatureException",
                "Signature not yet current: 20150830T123600Z is still later than 20150830T123500Z (20150830T122000Z + "
                "15 min.)");
}

// DynamoDB's two texts, InvalidSignatureException both (live answers quoted in aws/aws-sdk-js#254
// and serverless/serverless#6360; scratchstack-aws-signature tests the same 15-minute bounds):
//   date before now - 15 min: "Signature expired: DATE is now earlier than NOW-15 (NOW - 15 min.)"
//   date after now + 15 min:  "Signature not yet current: DATE is still later than NOW+15 (NOW + 15 min.)"
// Each bound itself is still accepted. The server's clock counts whole seconds, so a request dated
// at the bound is accepted for the whole of that second. A date centuries away is named by its
// direction as a near one is (it once overflowed the nanosecond clock and read as the other way).
void TestAwsSigV4::shouldNameSkewByItsDirectionAtEveryDistance_data()
{
    QTest::addColumn<QString>("amzDate");
    QTest::addColumn<QString>("message");  // empty: accepted
    const QString expired = "Signature expired: %1 is now earlier than 20150830T122100Z (20150830T123600Z - 15 min.)";
    const QString notYet = "Signature not yet current: %1 is still later than 20150830T125100Z (20150830T123600Z + 15 min.)";
    QTest::newRow("now") << "20150830T123600Z" << QString();
    QTest::newRow("exactly 15 minutes ago") << "20150830T122100Z" << QString();
    QTest::newRow("15 minutes and a second ago") << "20150830T122059Z" << expired.arg("20150830T122059Z");
    QTest::newRow("16 minutes ago") << "20150830T122000Z" << expired.arg("20150830T122000Z");
    QTest::newRow("a year ago") << "20140830T123600Z" << expired.arg("20140830T123600Z");
    QTest::newRow("in 1600") << "16000101T000000Z" << expired.arg("16000101T000000Z");
    QTest::newRow("in year 0") << "00000101T000000Z" << expired.arg("00000101T000000Z");
    QTest::newRow("in exactly 15 minutes") << "20150830T125100Z" << QString();
    QTest::newRow("in 15 minutes and a second") << "20150830T125101Z" << notYet.arg("20150830T125101Z");
    QTest::newRow("in 16 minutes") << "20150830T125200Z" << notYet.arg("20150830T125200Z");
    QTest::newRow("in a year") << "20160830T123600Z" << notYet.arg("20160830T123600Z");
    QTest::newRow("in 2300") << "23000101T000000Z" << notYet.arg("23000101T000000Z");
    QTest::newRow("in 9999") << "99991231T235959Z" << notYet.arg("99991231T235959Z");
}

void TestAwsSigV4::shouldNameSkewByItsDirectionAtEveryDistance()
{
    QFETCH(QString, amzDate);
    QFETCH(QString, message);
    const aws::HttpRequestParts request = signedAt(amzDate.toStdString(), {"content-type", "host", "x-amz-date", "x-amz-target"});
    // The server's clock a moment into 12:36:00: the bounds are whole seconds all the same.
    expectVerdict(request, kSuiteTime + 999ms, message);
}

// Without X-Amz-Date the Date header (RFC 1123) dates the request, and the texts name it in
// x-amz-date form, however far off it is.
void TestAwsSigV4::shouldReadTheDateHeaderWhenXAmzDateIsAbsent()
{
    const std::vector<std::string> names{"content-type", "date", "host", "x-amz-target"};
    auto dated = [&](const char* date, const char* amzDate) {
        aws::HttpRequestParts request = dynamoRequest();
        request.headers.emplace_back("Date", date);
        return signedOver(request, amzDate, names);
    };
    expectVerdict(dated("Sun, 30 Aug 2015 12:30:00 GMT", "20150830T123000Z"), kSuiteTime, {});
    expectVerdict(dated("Sun, 30 Aug 2015 12:20:00 GMT", "20150830T122000Z"), kSuiteTime,
                  "Signature expired: 20150830T122000Z is now earlier than 20150830T122100Z (20150830T123600Z - 15 min.)");
    expectVerdict(dated("Mon, 01 Jan 2300 00:00:00 GMT", "23000101T000000Z"), kSuiteTime,
                  "Signature not yet current: 23000101T000000Z is still later than 20150830T125100Z (20150830T123600Z + 15 "
                  "min.)");
}

void TestAwsSigV4::shouldRefuseIncompleteAuthorization()
{
    aws::AccessKeys keys;
    keys.add("AKIDALICE", {"alice-secret", "", "alice"});
    aws::HttpRequestParts request = dynamoRequest();
    request.headers.emplace_back("Authorization",
                                 "AWS4-HMAC-SHA256 Credential=AKIDALICE/20150830/us-east-1/dynamodb/aws4_request");
    expectError([&] { aws::verifyRequest(request, "{}", keys, kSuiteTime); }, "IncompleteSignatureException",
                "Authorization header requires 'Signature' parameter. Authorization header requires 'SignedHeaders' "
                "parameter. Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. "
                "Authorization=AWS4-HMAC-SHA256 Credential=AKIDALICE/20150830/us-east-1/dynamodb/aws4_request");

    aws::HttpRequestParts shortCredential = dynamoRequest();
    shortCredential.headers.emplace_back("X-Amz-Date", "20150830T123600Z");
    shortCredential.headers.emplace_back("Authorization", "AWS4-HMAC-SHA256 Credential=a/b/c/d, SignedHeaders=host, Signature=00");
    expectError([&] { aws::verifyRequest(shortCredential, "{}", keys, kSuiteTime); }, "IncompleteSignatureException",
                "Credential must have exactly 5 slash-delimited elements, e.g. keyid/date/region/service/term, got "
                "'a/b/c/d'");

    aws::HttpRequestParts badDate = dynamoRequest();
    badDate.headers.emplace_back("X-Amz-Date", "201");
    badDate.headers.emplace_back("Authorization", "AWS4-HMAC-SHA256 Credential=a/b/c/d/e, SignedHeaders=host, Signature=00");
    expectError([&] { aws::verifyRequest(badDate, "{}", keys, kSuiteTime); }, "IncompleteSignatureException",
                "Date must be in ISO-8601 'basic format'. Got '201'. See http://en.wikipedia.org/wiki/ISO_8601");
}

void TestAwsSigV4::shouldRefuseWhenHostIsNotSigned()
{
    aws::AccessKeys keys;
    keys.add("AKIDALICE", {"alice-secret", "", "alice"});
    aws::HttpRequestParts request;
    request.headers = {{"X-Amz-Target", "DynamoDB_20120810.ListTables"}};
    aws::sign(request, "{}", {"AKIDALICE", "alice-secret", "", "t"}, "us-east-1", "dynamodb", kSuiteTime);
    request.headers.emplace_back("Host", "localhost");
    expectError([&] { aws::verifyRequest(request, "{}", keys, kSuiteTime); }, "InvalidSignatureException",
                "'Host' or ':authority' must be a 'SignedHeader' in the AWS Authorization.");
}

// Host, the date and the operation must all be signed (SigV4Verifier.cpp has the sources of the
// texts); whatever else is signed or not is the client's choice. Host is DynamoDB's own rule,
// checked first and alone as DynamoDB does; the other two are named together.
void TestAwsSigV4::shouldRefuseWhenTheOperationOrDateIsNotSigned_data()
{
    QTest::addColumn<QStringList>("signedHeaders");
    QTest::addColumn<bool>("dateHeader");  // Date instead of X-Amz-Date
    QTest::addColumn<QString>("message");  // empty: accepted
    const QString host = "'Host' or ':authority' must be a 'SignedHeader' in the AWS Authorization.";
    const QString amzDate = "'X-Amz-Date' must be a 'SignedHeader' in the AWS Authorization.";
    const QString date = "'Date' must be a 'SignedHeader' in the AWS Authorization.";
    const QString target = "'X-Amz-Target' must be a 'SignedHeader' in the AWS Authorization.";
    QTest::newRow("all three") << QStringList{"host", "x-amz-date", "x-amz-target"} << false << QString();
    QTest::newRow("all three and more") << QStringList{"content-type", "host", "x-amz-date", "x-amz-target"} << false << QString();
    QTest::newRow("Date, signed") << QStringList{"date", "host", "x-amz-target"} << true << QString();
    QTest::newRow("no x-amz-target") << QStringList{"content-type", "host", "x-amz-date"} << false << target;
    QTest::newRow("no x-amz-date") << QStringList{"content-type", "host", "x-amz-target"} << false << amzDate;
    QTest::newRow("Date, not signed") << QStringList{"host", "x-amz-target"} << true << date;
    QTest::newRow("Date signed, X-Amz-Date dates it") << QStringList{"date", "host", "x-amz-target"} << false << amzDate;
    QTest::newRow("host alone") << QStringList{"host"} << false << amzDate + " " + target;
    QTest::newRow("none of them") << QStringList{"content-type"} << false << host;
}

void TestAwsSigV4::shouldRefuseWhenTheOperationOrDateIsNotSigned()
{
    QFETCH(QStringList, signedHeaders);
    QFETCH(bool, dateHeader);
    QFETCH(QString, message);
    aws::HttpRequestParts request = dynamoRequest();
    request.headers.emplace_back(dateHeader ? "Date" : "X-Amz-Date",
                                 dateHeader ? "Sun, 30 Aug 2015 12:36:00 GMT" : "20150830T123600Z");
    if (!dateHeader) request.headers.emplace_back("Date", "Sun, 30 Aug 2015 12:36:00 GMT");
    std::vector<std::string> names;
    for (const QString& name : signedHeaders) names.push_back(name.toStdString());
    expectVerdict(signedOver(request, "20150830T123600Z", names), kSuiteTime, message);
}

// The attack an unsigned operation allows: a GetItem signed over everything but X-Amz-Target is
// captured and sent again as DeleteItem (same body shape: TableName and Key). Its signature still
// matches, so only the signed-headers rule stops it.
void TestAwsSigV4::shouldRefuseAGetItemReplayedAsDeleteItem()
{
    const aws::AccessKeys keys = aliceKeys();
    const std::string body = R"({"TableName":"Shop","Key":{"PK":{"S":"CUST#1"}}})";
    aws::HttpRequestParts replay = signedAt("20150830T123600Z", {"content-type", "host", "x-amz-date"}, body);
    for (auto& [name, value] : replay.headers)
        if (name == "X-Amz-Target") value = "DynamoDB_20120810.DeleteItem";
    expectError([&] { aws::verifyRequest(replay, body, keys, kSuiteTime); }, "InvalidSignatureException",
                "'X-Amz-Target' must be a 'SignedHeader' in the AWS Authorization.");

    // Signed over X-Amz-Target, the same swap breaks the signature.
    aws::HttpRequestParts bound = signedAt("20150830T123600Z", {"content-type", "host", "x-amz-date", "x-amz-target"}, body);
    expectAccepted([&] { return aws::verifyRequest(bound, body, keys, kSuiteTime); });
    for (auto& [name, value] : bound.headers)
        if (name == "X-Amz-Target") value = "DynamoDB_20120810.DeleteItem";
    expectError([&] { aws::verifyRequest(bound, body, keys, kSuiteTime); }, "InvalidSignatureException",
                "The request signature we calculated does not match the signature you provided. Check your AWS Secret "
                "Access Key and signing method. Consult the service documentation for details.");
}

void TestAwsSigV4::shouldRefuseWrongServiceInScope()
{
    aws::AccessKeys keys;
    keys.add("AKIDALICE", {"alice-secret", "", "alice"});
    aws::HttpRequestParts request = dynamoRequest();
    aws::sign(request, "{}", {"AKIDALICE", "alice-secret", "", "t"}, "us-east-1", "s3", kSuiteTime);
    expectError([&] { aws::verifyRequest(request, "{}", keys, kSuiteTime); }, "InvalidSignatureException",
                "Credential should be scoped to correct service: 'dynamodb'.");
}

void TestAwsSigV4::shouldRequireTheConfiguredSessionToken()
{
    aws::AccessKeys keys;
    keys.add("ASIATEMP", {"temp-secret", "the-token", "temp"});
    keys.add("AKIDALICE", {"alice-secret", "", "alice"});
    const auto now = Clock::now();

    aws::HttpRequestParts good = dynamoRequest();
    aws::sign(good, "{}", {"ASIATEMP", "temp-secret", "the-token", "t"}, "us-east-1", "dynamodb", now);
    QCOMPARE(aws::verifyRequest(good, "{}", keys, now), std::string("ASIATEMP"));

    aws::HttpRequestParts wrongToken = dynamoRequest();
    aws::sign(wrongToken, "{}", {"ASIATEMP", "temp-secret", "other-token", "t"}, "us-east-1", "dynamodb", now);
    expectError([&] { aws::verifyRequest(wrongToken, "{}", keys, now); }, "UnrecognizedClientException",
                "The security token included in the request is invalid");

    aws::HttpRequestParts unexpectedToken = dynamoRequest();
    aws::sign(unexpectedToken, "{}", {"AKIDALICE", "alice-secret", "some-token", "t"}, "us-east-1", "dynamodb", now);
    QVERIFY_THROWS_EXCEPTION(dynamo::Error, aws::verifyRequest(unexpectedToken, "{}", keys, now));
}

void TestAwsSigV4::shouldReadAccessKeysFromSharedCredentialsText()
{
    const aws::AccessKeys keys = aws::AccessKeys::fromSharedCredentialsText(
        "# team keys\n[alice]\naws_access_key_id = AKIDALICE\naws_secret_access_key = a/b+c\n\n"
        "[bob]\r\naws_access_key_id=AKIDBOB\r\naws_secret_access_key=bob\r\n[empty]\nregion = eu-west-1\n",
        "auth.ini");
    QCOMPARE(keys.size(), size_t(2));
    QVERIFY(keys.find("AKIDALICE"));
    QCOMPARE(QString::fromStdString(keys.find("AKIDALICE")->secretAccessKey), QStringLiteral("a/b+c"));
    QCOMPARE(QString::fromStdString(keys.find("AKIDBOB")->profile), QStringLiteral("bob"));
    QVERIFY(!keys.find("AKIDNOBODY"));
}

void TestAwsSigV4::shouldRefuseCredentialsFileWithoutKeys()
{
    QVERIFY_THROWS_EXCEPTION(aws::ConfigError, aws::AccessKeys::fromSharedCredentialsText("[a]\nregion=x\n", "f"));
    try {
        aws::AccessKeys::fromSharedCredentialsText("[half]\naws_secret_access_key = hush-hush\n", "auth.ini");
        QFAIL("a section without aws_access_key_id was accepted");
    } catch (const aws::ConfigError& e) {
        QVERIFY(!QString::fromUtf8(e.what()).contains("hush-hush"));
        QVERIFY(QString::fromUtf8(e.what()).contains("[half]"));
    }
}

// Which secret a server checks must not depend on which line comes last: a file that gives a key
// two secrets (or session tokens) is refused, naming both lines and neither secret.
void TestAwsSigV4::shouldRefuseOneKeyWithTwoSecrets_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("two sections") << "[alice]\naws_access_key_id = AKIDALICE\naws_secret_access_key = first-secret\n\n"
                                     "[bob]\naws_access_key_id = AKIDALICE\naws_secret_access_key = second-secret\n"
                                  << "auth.ini gives access key AKIDALICE two different secrets, in [alice] at line 2 and "
                                     "[bob] at line 6: a key has one, so correct or remove one of them";
    QTest::newRow("two session tokens")
        << "[a]\naws_access_key_id=ASIATEMP\naws_secret_access_key=s\naws_session_token=first-token\n"
           "[b]\naws_access_key_id=ASIATEMP\naws_secret_access_key=s\naws_session_token=second-token\n"
        << "auth.ini gives access key ASIATEMP two different session tokens, in [a] at line 2 and [b] at line 6: a key "
           "has one, so correct or remove one of them";
    QTest::newRow("one section, the secret twice")
        << "[alice]\naws_access_key_id = AKIDALICE\naws_secret_access_key = first-secret\n# rotated\n"
           "aws_secret_access_key = second-secret\n"
        << "auth.ini sets aws_secret_access_key of [alice] twice, to different values, at lines 3 and 5: keep one";
    QTest::newRow("a section named twice") << "[alice]\naws_access_key_id = AKIDALICE\naws_secret_access_key = first-secret\n"
                                              "[bob]\naws_access_key_id = AKIDBOB\naws_secret_access_key = bob\n"
                                              "[alice]\naws_secret_access_key = second-secret\n"
                                           << "auth.ini sets aws_secret_access_key of [alice] twice, to different values, at "
                                              "lines 3 and 8: keep one";
    QTest::newRow("one section, two key ids")
        << "[alice]\naws_access_key_id = AKIDALICE\naws_access_key_id = AKIDOTHER\naws_secret_access_key = first-secret\n"
        << "auth.ini sets aws_access_key_id of [alice] twice, to different values, at lines 2 and 3: keep one";
}

void TestAwsSigV4::shouldRefuseOneKeyWithTwoSecrets()
{
    QFETCH(QString, text);
    QFETCH(QString, message);
    try {
        aws::AccessKeys::fromSharedCredentialsText(text.toStdString(), "auth.ini");
        QFAIL("the file was taken");
    } catch (const aws::ConfigError& e) {
        QCOMPARE(QString::fromUtf8(e.what()), message);
        for (const char* secret : {"first-secret", "second-secret", "first-token", "second-token"})
            QVERIFY(!QString::fromUtf8(e.what()).contains(secret));
    }
}

// The same key in two profiles alike is common (a [default] that copies a named profile) and
// verifies one way only, so it is taken; the warning says so, before one copy is edited.
void TestAwsSigV4::shouldTakeOneKeyListedTwiceAlikeWithAWarning()
{
    const aws::AccessKeys keys = aws::AccessKeys::fromSharedCredentialsText(
        "[default]\naws_access_key_id = AKIDALICE\naws_secret_access_key = a/b+c\n"
        "[alice]\naws_access_key_id = AKIDALICE\naws_secret_access_key = a/b+c\naws_secret_access_key = a/b+c\n",
        "auth.ini");
    QCOMPARE(keys.size(), size_t(1));
    QCOMPARE(QString::fromStdString(keys.find("AKIDALICE")->secretAccessKey), QStringLiteral("a/b+c"));
    QCOMPARE(QString::fromStdString(keys.find("AKIDALICE")->profile), QStringLiteral("default"));
    QCOMPARE(keys.warnings().size(), size_t(2));
    QCOMPARE(QString::fromStdString(keys.warnings()[0]),
             QStringLiteral("auth.ini sets aws_secret_access_key of [alice] twice, alike, at lines 6 and 7"));
    QCOMPARE(QString::fromStdString(keys.warnings()[1]),
             QStringLiteral("auth.ini lists access key AKIDALICE twice, in [default] at line 2 and [alice] at line 5, "
                            "alike; requests signed by it are accepted, and named [default]"));
}

QTEST_GUILESS_MAIN(TestAwsSigV4)
#include "tst_aws_sigv4.moc"
