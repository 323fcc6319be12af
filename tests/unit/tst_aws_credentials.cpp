// Credentials and region found as the AWS CLI finds them: environment, profiles in the shared
// credentials and config files, credential_process.
#include "aws/Credentials.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace keyplan;

class TestAwsCredentials : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void shouldTakeEnvironmentKeysFirst();
    void shouldPreferAnExplicitProfileOverEnvironmentKeys();
    void shouldReadTheProfileNamedByAwsProfile();
    void shouldReadConfigProfilesOnlyUnderProfilePrefix();
    void shouldHonourFileLocationVariables();
    void shouldRunCredentialProcess();
    void shouldReportAFailingCredentialProcessWithoutItsOutput();
    void shouldRefuseCredentialProcessOutputThatIsNoCredentialObject();
    void shouldNameTheFilesWhenNoCredentialsAreFound();
    void shouldRefuseHalfAKeyPair();
    void shouldFindTheRegionAsTheCliDoes();
    void shouldSkipNestedBlocksAndComments();

private:
    QProcessEnvironment environment(std::initializer_list<std::pair<const char*, QString>> values) const;
    void write(const QString& relativePath, const QByteArray& text) const;
    std::unique_ptr<QTemporaryDir> home_;
};

void TestAwsCredentials::init()
{
    home_ = std::make_unique<QTemporaryDir>();
    QVERIFY(home_->isValid());
    QDir(home_->path()).mkpath(".aws");
}

QProcessEnvironment TestAwsCredentials::environment(std::initializer_list<std::pair<const char*, QString>> values) const
{
    QProcessEnvironment env;
    env.insert("HOME", home_->path());
    env.insert("PATH", qEnvironmentVariable("PATH"));
    for (const auto& [name, value] : values) env.insert(QString::fromLatin1(name), value);
    return env;
}

void TestAwsCredentials::write(const QString& relativePath, const QByteArray& text) const
{
    QFile f(home_->filePath(relativePath));
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
}

void TestAwsCredentials::shouldTakeEnvironmentKeysFirst()
{
    write(".aws/credentials", "[default]\naws_access_key_id = AKIDFILE\naws_secret_access_key = file-secret\n");
    const aws::AwsEnvironment env(
        environment({{"AWS_ACCESS_KEY_ID", "AKIDENV"}, {"AWS_SECRET_ACCESS_KEY", "env-secret"}, {"AWS_SESSION_TOKEN", "tok"}}));
    const aws::Credentials c = aws::resolveCredentials(env, std::nullopt);
    QCOMPARE(c.accessKeyId, std::string("AKIDENV"));
    QCOMPARE(c.secretAccessKey, std::string("env-secret"));
    QCOMPARE(c.sessionToken, std::string("tok"));
    QCOMPARE(c.source, std::string("environment"));
}

void TestAwsCredentials::shouldPreferAnExplicitProfileOverEnvironmentKeys()
{
    write(".aws/credentials", "[dev]\naws_access_key_id = AKIDDEV\naws_secret_access_key = dev-secret\n");
    const aws::AwsEnvironment env(environment({{"AWS_ACCESS_KEY_ID", "AKIDENV"}, {"AWS_SECRET_ACCESS_KEY", "env-secret"}}));
    const aws::Credentials c = aws::resolveCredentials(env, std::string("dev"));
    QCOMPARE(c.accessKeyId, std::string("AKIDDEV"));
    QVERIFY(QString::fromStdString(c.source).startsWith("profile dev in "));
}

void TestAwsCredentials::shouldReadTheProfileNamedByAwsProfile()
{
    write(".aws/credentials", "[default]\naws_access_key_id = AKIDDEFAULT\naws_secret_access_key = d\n"
                              "[prod]\naws_access_key_id = AKIDPROD\naws_secret_access_key = p\naws_session_token = t\n");
    QCOMPARE(aws::resolveCredentials(aws::AwsEnvironment(environment({})), std::nullopt).accessKeyId, std::string("AKIDDEFAULT"));
    const aws::Credentials prod = aws::resolveCredentials(aws::AwsEnvironment(environment({{"AWS_PROFILE", "prod"}})),
                                                          std::nullopt);
    QCOMPARE(prod.accessKeyId, std::string("AKIDPROD"));
    QCOMPARE(prod.sessionToken, std::string("t"));
}

void TestAwsCredentials::shouldReadConfigProfilesOnlyUnderProfilePrefix()
{
    // In the config file "[ci]" is not profile ci: the CLI reads "[profile ci]" there.
    write(".aws/config", "[ci]\naws_access_key_id = AKIDWRONG\naws_secret_access_key = w\n"
                         "[profile ci]\naws_access_key_id = AKIDCI\naws_secret_access_key = c\n"
                         "[default]\naws_access_key_id = AKIDCFGDEFAULT\naws_secret_access_key = d\n");
    const aws::AwsEnvironment env(environment({}));
    QCOMPARE(aws::resolveCredentials(env, std::string("ci")).accessKeyId, std::string("AKIDCI"));
    QCOMPARE(aws::resolveCredentials(env, std::nullopt).accessKeyId, std::string("AKIDCFGDEFAULT"));
}

void TestAwsCredentials::shouldHonourFileLocationVariables()
{
    write("elsewhere-credentials", "[default]\naws_access_key_id = AKIDELSEWHERE\naws_secret_access_key = e\n");
    write("elsewhere-config", "[default]\nregion = ap-south-1\n");
    const aws::AwsEnvironment env(environment({{"AWS_SHARED_CREDENTIALS_FILE", home_->filePath("elsewhere-credentials")},
                                               {"AWS_CONFIG_FILE", home_->filePath("elsewhere-config")}}));
    QCOMPARE(aws::resolveCredentials(env, std::nullopt).accessKeyId, std::string("AKIDELSEWHERE"));
    QCOMPARE(aws::resolveRegion(env, std::nullopt).value_or(""), std::string("ap-south-1"));
    const aws::AwsEnvironment tilde(environment({{"AWS_SHARED_CREDENTIALS_FILE", "~/elsewhere-credentials"}}));
    QCOMPARE(tilde.credentialsFilePath(), home_->filePath("elsewhere-credentials"));
}

void TestAwsCredentials::shouldRunCredentialProcess()
{
    write("helper.sh", "#!/bin/sh\necho '{\"Version\": 1, \"AccessKeyId\": \"ASIAHELPER\", \"SecretAccessKey\": \"h-secret\", "
                       "\"SessionToken\": \"h-token\", \"Expiration\": \"2099-01-01T00:00:00Z\"}'\n");
    QFile::setPermissions(home_->filePath("helper.sh"), QFileDevice::ReadOwner | QFileDevice::ExeOwner);
    write(".aws/config", "[profile sso]\ncredential_process = \"" + home_->filePath("helper.sh").toUtf8() + "\" --profile x\n");
    const aws::Credentials c = aws::resolveCredentials(aws::AwsEnvironment(environment({})), std::string("sso"));
    QCOMPARE(c.accessKeyId, std::string("ASIAHELPER"));
    QCOMPARE(c.secretAccessKey, std::string("h-secret"));
    QCOMPARE(c.sessionToken, std::string("h-token"));
    QCOMPARE(c.source, std::string("credential_process of profile 'sso'"));
}

void TestAwsCredentials::shouldReportAFailingCredentialProcessWithoutItsOutput()
{
    write("broken.sh", "#!/bin/sh\necho '{\"AccessKeyId\": \"ASIA\", \"SecretAccessKey\": \"leaked-secret\"}'\n"
                       "echo 'the SSO session has expired' >&2\nexit 3\n");
    QFile::setPermissions(home_->filePath("broken.sh"), QFileDevice::ReadOwner | QFileDevice::ExeOwner);
    write(".aws/config", "[profile sso]\ncredential_process = " + home_->filePath("broken.sh").toUtf8() + "\n");
    try {
        aws::resolveCredentials(aws::AwsEnvironment(environment({})), std::string("sso"));
        QFAIL("a failing credential_process was accepted");
    } catch (const aws::ConfigError& e) {
        const QString message = QString::fromUtf8(e.what());
        QVERIFY2(message.contains("exit code 3") && message.contains("the SSO session has expired"), e.what());
        QVERIFY(!message.contains("leaked-secret"));
    }
    write("noversion.sh", "#!/bin/sh\necho '{\"AccessKeyId\": \"ASIA\", \"SecretAccessKey\": \"s\"}'\n");
    QFile::setPermissions(home_->filePath("noversion.sh"), QFileDevice::ReadOwner | QFileDevice::ExeOwner);
    QVERIFY_THROWS_EXCEPTION(aws::ConfigError, aws::runCredentialProcess(home_->filePath("noversion.sh").toStdString(), "p"));
}

void TestAwsCredentials::shouldRefuseCredentialProcessOutputThatIsNoCredentialObject()
{
    const QList<QPair<QByteArray, QString>> outputs = {
        {"{\"Version\": 1, \"AccessKeyId\": \"ASIA\"", "did not print a JSON object"},
        {"[{\"Version\": 1}]", "did not print a JSON object"},
        {"", "did not print a JSON object"},
        {"{\"Version\": \"1\", \"AccessKeyId\": \"ASIA\", \"SecretAccessKey\": \"s\"}", "unsupported Version"},
        {"{\"Version\": 2, \"AccessKeyId\": \"ASIA\", \"SecretAccessKey\": \"s\"}", "unsupported Version"},
        {"{\"Version\": 1, \"AccessKeyId\": 12, \"SecretAccessKey\": \"s\"}", "no AccessKeyId"},
    };
    int n = 0;
    for (const auto& [output, expected] : outputs) {
        const QString helper = QStringLiteral("helper%1.sh").arg(++n);
        write(helper, "#!/bin/sh\nprintf '%s' '" + output + "'\n");
        QFile::setPermissions(home_->filePath(helper), QFileDevice::ReadOwner | QFileDevice::ExeOwner);
        try {
            aws::runCredentialProcess(home_->filePath(helper).toStdString(), "p");
            QFAIL(qPrintable("accepted: " + QString::fromUtf8(output)));
        } catch (const aws::ConfigError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(expected), e.what());
        }
    }
    write("fine.sh", "#!/bin/sh\nprintf '%s' '{\"Version\": 1.0, \"AccessKeyId\": \"ASIA\", \"SecretAccessKey\": \"s\"}'\n");
    QFile::setPermissions(home_->filePath("fine.sh"), QFileDevice::ReadOwner | QFileDevice::ExeOwner);
    const aws::Credentials c = aws::runCredentialProcess(home_->filePath("fine.sh").toStdString(), "p");
    QCOMPARE(c.accessKeyId, std::string("ASIA"));
    QCOMPARE(c.sessionToken, std::string());
}

void TestAwsCredentials::shouldNameTheFilesWhenNoCredentialsAreFound()
{
    try {
        aws::resolveCredentials(aws::AwsEnvironment(environment({})), std::string("missing"));
        QFAIL("credentials were invented");
    } catch (const aws::ConfigError& e) {
        const QString message = QString::fromUtf8(e.what());
        QVERIFY2(message.contains("'missing'") && message.contains(home_->filePath(".aws/credentials")) &&
                     message.contains(home_->filePath(".aws/config")),
                 e.what());
    }
}

void TestAwsCredentials::shouldRefuseHalfAKeyPair()
{
    QVERIFY_THROWS_EXCEPTION(
        aws::ConfigError,
        aws::resolveCredentials(aws::AwsEnvironment(environment({{"AWS_ACCESS_KEY_ID", "AKID"}})), std::nullopt));
    write(".aws/credentials", "[default]\naws_secret_access_key = only-the-secret\n");
    try {
        aws::resolveCredentials(aws::AwsEnvironment(environment({})), std::nullopt);
        QFAIL("half a key pair was accepted");
    } catch (const aws::ConfigError& e) {
        QVERIFY(!QString::fromUtf8(e.what()).contains("only-the-secret"));
    }
}

void TestAwsCredentials::shouldFindTheRegionAsTheCliDoes()
{
    write(".aws/config", "[default]\nregion = eu-west-1\n[profile tokyo]\nregion = ap-northeast-1\n");
    QCOMPARE(aws::resolveRegion(aws::AwsEnvironment(environment({})), std::nullopt).value_or(""), std::string("eu-west-1"));
    QCOMPARE(aws::resolveRegion(aws::AwsEnvironment(environment({})), std::string("tokyo")).value_or(""),
             std::string("ap-northeast-1"));
    QCOMPARE(aws::resolveRegion(aws::AwsEnvironment(environment({{"AWS_PROFILE", "tokyo"}})), std::nullopt).value_or(""),
             std::string("ap-northeast-1"));
    QCOMPARE(aws::resolveRegion(aws::AwsEnvironment(environment({{"AWS_DEFAULT_REGION", "us-west-2"}})), std::string("tokyo"))
                 .value_or(""),
             std::string("us-west-2"));
    QCOMPARE(
        aws::resolveRegion(aws::AwsEnvironment(environment({{"AWS_DEFAULT_REGION", "us-west-2"}, {"AWS_REGION", "sa-east-1"}})),
                           std::nullopt)
            .value_or(""),
        std::string("sa-east-1"));
    QVERIFY(!aws::resolveRegion(aws::AwsEnvironment(environment({})), std::string("nowhere")));
}

void TestAwsCredentials::shouldSkipNestedBlocksAndComments()
{
    const aws::IniSections s = aws::parseIni("; comment\n[profile a]\nregion = eu-north-1\ns3 =\n  region = wrong\n"
                                             "# another\n[broken\nkey = lost\n[b]\nx=1\n");
    QCOMPARE(s.at("profile a").at("region"), std::string("eu-north-1"));
    QCOMPARE(s.at("b").at("x"), std::string("1"));
    QCOMPARE(s.size(), size_t(2));
}

QTEST_GUILESS_MAIN(TestAwsCredentials)
#include "tst_aws_credentials.moc"
