// File > Compare with… (DesignCompare, DesignComparisonView): the open design beside another file or its
// own file at a git revision, the layouts of both side by side with what changed marked, and what cannot be
// compared said rather than shown.
#include "PrivateHome.h"

#include "design/DesignFile.h"
#include "document/DesignDocument.h"
#include "widgets/design/DesignCompare.h"
#include "widgets/design/DesignComparisonView.h"
#include "widgets/design/DesignFiles.h"

#include <QProcess>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace keyplan;
using widgets::CompareSource;
using widgets::DesignCompare;
using widgets::DesignComparisonView;

namespace {

QByteArray sampleText()
{
    QFile f(QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/ecommerce.keyplan.json"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray statusOnlyText() { return sampleText().replace("STATUS#{status}#{orderDay}", "STATUS#{status}"); }

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

int git(const QString& dir, const QStringList& args)
{
    QProcess p;
    p.setWorkingDirectory(dir);
    p.start("git", args);
    p.waitForFinished(60000);
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

}  // namespace

class WidgetDesignCompareTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(usePrivateHome(home_));
        QVERIFY(dir_.isValid());
        old_ = dir_.filePath("old.keyplan.json");
        QVERIFY(writeFile(old_, statusOnlyText()));
        // A repository whose last commit has the status-only design and whose work tree the newer one.
        QCOMPARE(git(dir_.path(), {"init", "-q", "-b", "main"}), 0);
        QVERIFY(writeFile(dir_.filePath("shop.keyplan.json"), statusOnlyText()));
        QCOMPARE(git(dir_.path(), {"add", "shop.keyplan.json"}), 0);
        QCOMPARE(git(dir_.path(), {"-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "v1"}), 0);
        QVERIFY(writeFile(dir_.filePath("shop.keyplan.json"), sampleText()));
    }

    void init()
    {
        document_ = std::make_unique<widgets::DesignDocument>();
        files_ = std::make_unique<widgets::DesignFiles>(document_.get(), nullptr);
        QVERIFY(files_->open(dir_.filePath("shop.keyplan.json")));
        compare_ = std::make_unique<DesignCompare>(document_.get(), nullptr);
        DesignCompare::Prompts prompts;
        prompts.chooseSource = [this](const QString&) { return source_; };
        prompts.showError = [this](const QString& m) { errors_ << m; };
        compare_->setPrompts(prompts);
        errors_.clear();
    }

    void shouldShowBothVersionsWithTheChangedIndexMarked_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("title");
        QTest::newRow("another file") << int(CompareSource::Kind::File) << old_
                                      << "Compare old.keyplan.json with shop.keyplan.json";
        QTest::newRow("git HEAD") << int(CompareSource::Kind::GitRevision) << "HEAD"
                                  << "Compare shop.keyplan.json @ HEAD with shop.keyplan.json";
    }

    void shouldShowBothVersionsWithTheChangedIndexMarked()
    {
        QFETCH(int, kind);
        QFETCH(QString, value);
        QFETCH(QString, title);
        source_ = CompareSource{CompareSource::Kind(kind), value};
        std::unique_ptr<DesignComparisonView> view(compare_->compare());
        QVERIFY2(view, qPrintable(errors_.join("; ")));
        QCOMPARE(view->windowTitle(), title);
        QCOMPARE(view->layoutTitles(), (QStringList{"Table", "GSI1 (changed)"}));
        QCOMPARE(view->markedEntities("GSI1"), QStringList{"Order"});
        QVERIFY(view->markedEntities("").isEmpty());
        // The comparison a reviewer reads is the Markdown keyplan-cli diff writes.
        const QString summary = view->findChild<QTextBrowser*>("comparisonSummary")->toPlainText();
        QVERIFY2(summary.contains("Order.GSI1PK"), qPrintable(summary));
        QVERIFY2(summary.contains("On a table in production"), qPrintable(summary));
        // Both sides of each layout are drawn.
        auto* layouts = view->findChild<QTabWidget*>("comparisonLayouts");
        QCOMPARE(layouts->count(), 2);
    }

    void shouldSayWhyARevisionCannotBeCompared_data()
    {
        QTest::addColumn<QString>("revision");
        QTest::addColumn<QString>("error");
        QTest::newRow("unknown revision") << "no-such-branch"
                                          << "git show no-such-branch:shop.keyplan.json failed";
        QTest::newRow("an option") << "--output=/tmp/x"
                                   << "is not a git revision";
    }

    void shouldSayWhyARevisionCannotBeCompared()
    {
        QFETCH(QString, revision);
        QFETCH(QString, error);
        source_ = CompareSource{CompareSource::Kind::GitRevision, revision};
        QVERIFY(!compare_->compare());
        QCOMPARE(errors_.size(), 1);
        QVERIFY2(errors_[0].contains(error), qPrintable(errors_[0]));
    }

    void shouldMarkAnIndexAddedAndOneRemoved()
    {
        design::Design without = design::parseDesign(sampleText().toStdString());
        without.removeIndex(without.indexByName("GSI1")->id);
        const DesignComparisonView added(without, "without", design::parseDesign(sampleText().toStdString()), "with");
        QCOMPARE(added.layoutTitles(), (QStringList{"Table", "GSI1 (new)"}));
        const DesignComparisonView removed(design::parseDesign(sampleText().toStdString()), "with", without, "without");
        QCOMPARE(removed.layoutTitles(), (QStringList{"Table", "GSI1 (removed)"}));
        QVERIFY(!removed.diff().gateFailures().empty());
    }

    void shouldRefuseADesignThatDoesNotRead()
    {
        const QString broken = dir_.filePath("broken.keyplan.json");
        QVERIFY(writeFile(broken, "{\"formatVersion\": 1, \"table\": 7}"));
        source_ = CompareSource{CompareSource::Kind::File, broken};
        QVERIFY(!compare_->compare());
        QCOMPARE(errors_.size(), 1);
        QVERIFY(errors_[0].startsWith("Cannot read the design to compare with."));
    }

private:
    QTemporaryDir home_;
    QTemporaryDir dir_;
    QString old_;
    std::unique_ptr<widgets::DesignDocument> document_;
    std::unique_ptr<widgets::DesignFiles> files_;
    std::unique_ptr<DesignCompare> compare_;
    std::optional<CompareSource> source_;
    QStringList errors_;
};

QTEST_MAIN(WidgetDesignCompareTest)
#include "tst_widget_design_compare.moc"
