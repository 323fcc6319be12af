// The user guide's pre-commit hook and CI step (docs/user-guide.md, "Designs reviewed like code"), run as
// written in a real git repository with the built keyplan-cli on PATH: a good design change commits and
// passes CI, one that unserves a pattern is refused by both, a file that is not a design is refused.
#include "CliProcess.h"

#include "design/DesignFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace keyplan;

namespace {

// The ```bash block that follows `<!-- keyplan:NAME` in the user guide.
QString guideBlock(const QString& name)
{
    QFile guide(QStringLiteral(KEYPLAN_SOURCE_DIR "/docs/user-guide.md"));
    if (!guide.open(QIODevice::ReadOnly)) return {};
    const QString text = QString::fromUtf8(guide.readAll());
    const QRegularExpression block(QStringLiteral("<!-- keyplan:%1[^\\n]*-->\\n```bash\\n(.*?)```").arg(name),
                                   QRegularExpression::DotMatchesEverythingOption);
    return block.match(text).captured(1);
}

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

class Repository {
public:
    bool isValid() const { return dir_.isValid(); }
    QString path() const { return dir_.path(); }

    Run run(const QString& program, const QStringList& args, const QMap<QString, QString>& env = {}) const
    {
        QProcess p;
        p.setWorkingDirectory(dir_.path());
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        // keyplan-cli from this build first; git as a fresh user would have it.
        e.insert("PATH", QFileInfo(test::cliPath()).absolutePath() + ":" + e.value("PATH"));
        e.insert("HOME", dir_.path());
        e.insert("GIT_CONFIG_NOSYSTEM", "1");
        for (auto it = env.begin(); it != env.end(); ++it) e.insert(it.key(), it.value());
        p.setProcessEnvironment(e);
        p.start(program, args);
        Run r;
        if (!p.waitForStarted(10000) || !p.waitForFinished(120000)) return r;
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }
    Run git(const QStringList& args) const { return run("git", args); }

    bool write(const QString& name, const QByteArray& bytes, bool executable = false) const
    {
        QFile f(QDir(dir_.path()).filePath(name));
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size()) return false;
        if (executable) f.setPermissions(f.permissions() | QFile::ExeOwner);
        return true;
    }

private:
    QTemporaryDir dir_;
};

QByteArray sampleText()
{
    QFile f(QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/ecommerce.keyplan.json"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// GSI1 keyed by status only: the design before the team added the day.
QByteArray statusOnlyText() { return sampleText().replace("STATUS#{status}#{orderDay}", "STATUS#{status}"); }

// Without GSI1: "Orders by status" is no longer served by one request.
QByteArray withoutGsi1Text()
{
    design::Design d = design::parseDesign(sampleText().toStdString());
    d.removeIndex(d.indexByName("GSI1")->id);
    for (design::Entity e : d.entities()) {
        e.keys.erase("GSI1PK");
        e.keys.erase("GSI1SK");
        d.replaceEntity(e);
    }
    return QByteArray::fromStdString(design::writeDesign(d));
}

}  // namespace

class CliGitReviewTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!guideBlock("pre-commit").isEmpty(), "the user guide's pre-commit hook is not found");
        QVERIFY2(!guideBlock("ci").isEmpty(), "the user guide's CI step is not found");
        QVERIFY2(QProcess::execute("git", {"--version"}) == 0, "git is not installed");
    }

    void init()
    {
        repo_ = std::make_unique<Repository>();
        QVERIFY(repo_->isValid());
        QCOMPARE(repo_->git({"init", "-q", "-b", "main"}).exitCode, 0);
        QCOMPARE(repo_->git({"config", "user.email", "reviewer@example.com"}).exitCode, 0);
        QCOMPARE(repo_->git({"config", "user.name", "Reviewer"}).exitCode, 0);
        QVERIFY(repo_->write("shop.keyplan.json", statusOnlyText()));
        QCOMPARE(repo_->git({"add", "shop.keyplan.json"}).exitCode, 0);
        QCOMPARE(repo_->git({"commit", "-q", "-m", "Orders by status"}).exitCode, 0);
        QVERIFY(repo_->write(".git/hooks/pre-commit", guideBlock("pre-commit").toUtf8(), true));
        QVERIFY(repo_->write("ci-step.sh", guideBlock("ci").toUtf8(), true));
    }

    void shouldCommitADesignChangeThatKeepsEveryPatternServed()
    {
        QVERIFY(repo_->write("shop.keyplan.json", sampleText()));
        repo_->git({"add", "shop.keyplan.json"});
        const Run commit = repo_->git({"commit", "-q", "-m", "Orders by status and day"});
        QVERIFY2(commit.exitCode == 0, qPrintable(commit.err));
        // The hook showed the comparison: the key template and the rewrite it costs in production.
        QVERIFY2(commit.err.contains("Order.GSI1PK: STATUS#{status} -> STATUS#{status}#{orderDay}"), qPrintable(commit.err));
        QVERIFY(commit.err.contains("shop.keyplan.json (old) -> shop.keyplan.json (new)"));
        QVERIFY(commit.err.contains("Gate: passes."));
    }

    void shouldRefuseACommitThatUnservesAPattern()
    {
        QVERIFY(repo_->write("shop.keyplan.json", sampleText()));
        repo_->git({"add", "shop.keyplan.json"});
        QCOMPARE(repo_->git({"commit", "-q", "-m", "Orders by status and day"}).exitCode, 0);
        const QString head = repo_->git({"rev-parse", "HEAD"}).out;
        QVERIFY(repo_->write("shop.keyplan.json", withoutGsi1Text()));
        repo_->git({"add", "shop.keyplan.json"});
        const Run commit = repo_->git({"commit", "-q", "-m", "Drop GSI1"});
        QVERIFY(commit.exitCode != 0);
        QVERIFY2(commit.err.contains("(Orders by status) was served by one request and now needs a Scan"), qPrintable(commit.err));
        QVERIFY(commit.err.contains("pre-commit: design review failed"));
        QCOMPARE(repo_->git({"rev-parse", "HEAD"}).out, head);
    }

    void shouldRefuseAStagedFileThatIsNotADesign()
    {
        QVERIFY(repo_->write("broken.keyplan.json", "{\"formatVersion\": 1, \"table\": 7}"));
        repo_->git({"add", "broken.keyplan.json"});
        const Run commit = repo_->git({"commit", "-q", "-m", "Broken"});
        QVERIFY(commit.exitCode != 0);
        QVERIFY2(commit.err.contains("pre-commit: broken.keyplan.json is not a design keyplan-cli can read"),
                 qPrintable(commit.err));
    }

    void shouldPassCiOnAGoodBranchAndFailItOnABadOne_data()
    {
        QTest::addColumn<QByteArray>("base");
        QTest::addColumn<QByteArray>("design");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("markdown");
        QTest::newRow("status and day") << statusOnlyText() << sampleText() << 0
                                        << "| Order.GSI1PK | `STATUS#{status}` | `STATUS#{status}#{orderDay}` |";
        QTest::newRow("without GSI1") << sampleText() << withoutGsi1Text() << 1 << "**Gate: fails.**";
    }

    void shouldPassCiOnAGoodBranchAndFailItOnABadOne()
    {
        QFETCH(QByteArray, base);
        QFETCH(QByteArray, design);
        QFETCH(int, exitCode);
        QFETCH(QString, markdown);
        QVERIFY(repo_->write("shop.keyplan.json", base));
        repo_->git({"commit", "-q", "--no-verify", "--allow-empty", "-am", "The base"});
        QCOMPARE(repo_->git({"checkout", "-q", "-b", "change"}).exitCode, 0);
        QVERIFY(repo_->write("shop.keyplan.json", design));
        repo_->git({"add", "shop.keyplan.json"});
        QCOMPARE(repo_->git({"commit", "-q", "--no-verify", "-m", "The change"}).exitCode, 0);
        const Run ci = repo_->run("bash", {"ci-step.sh"}, {{"BASE_REF", "main"}});
        QVERIFY2(ci.exitCode == exitCode, qPrintable(ci.out + ci.err));
        QVERIFY2(ci.out.contains(markdown), qPrintable(ci.out));
        QVERIFY(ci.out.contains("### Design change: `shop.keyplan.json (old)` → `shop.keyplan.json (new)`"));
    }

private:
    std::unique_ptr<Repository> repo_;
};

QTEST_GUILESS_MAIN(CliGitReviewTest)
#include "tst_cli_git_review.moc"
