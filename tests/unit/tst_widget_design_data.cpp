// The Data actions against a real (in-memory) store: sample data generated off the GUI thread with
// progress, Cancel that stops between requests and keeps what is written, and Run all patterns
// putting each pattern's items and consumed capacity beside its estimate in the patterns model.
#include "analysis/Analysis.h"
#include "analysis/SampleData.h"
#include "design/DesignFile.h"
#include "engine/SqliteStore.h"
#include "widgets/design/DesignDataController.h"
#include "document/DesignDocument.h"
#include "document/PatternListModel.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

using namespace keyplan;
using keyplan::widgets::DesignDataController;
using keyplan::widgets::DesignDocument;
using keyplan::widgets::SampleRequest;

namespace {

QString samplePath(const char* name)
{
    return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/") + name + QStringLiteral(".keyplan.json");
}

int64_t itemCount(store::Store& s, const std::string& table) { return s.describeTable({table}).table.itemCount; }

}  // namespace

class TestDesignData : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        store_ = engine::SqliteStore::openInMemory();
        doc_ = std::make_unique<DesignDocument>();
        doc_->resetDesign(design::loadDesignFile(samplePath("ecommerce")));
        doc_->waitForAnalysis();
        data_ = std::make_unique<DesignDataController>(doc_.get(), *store_, nullptr);
        DesignDataController::Prompts prompts;
        prompts.askSampleOptions = [this](const SampleRequest&) { return answer_; };
        prompts.showError = [this](const QString& message) { errors_ << message; };
        data_->setPrompts(prompts);
        errors_.clear();
    }
    void cleanup()
    {
        data_.reset();
        doc_.reset();
        store_.reset();
    }

    void shouldGenerateTheDesignsSampleDataOffTheGuiThread()
    {
        QSignalSpy finished(data_.get(), &DesignDataController::generationFinished);
        QSignalSpy changed(data_.get(), &DesignDataController::storeChanged);
        QSignalSpy progress(data_.get(), &DesignDataController::progress);
        answer_ = SampleRequest{7, 0, true};
        data_->generateAction()->trigger();
        QVERIFY(data_->isBusy());
        QVERIFY(!data_->generateAction()->isEnabled());
        QVERIFY(!data_->runAllAction()->isEnabled());
        QVERIFY(finished.wait(30000));
        const int64_t expected = analysis::SampleData(doc_->design(), {7, 0}).totalItems();
        QCOMPARE(finished.at(0).at(0).toBool(), true);   // ok
        QCOMPARE(finished.at(0).at(1).toBool(), false);  // not cancelled
        QCOMPARE(finished.at(0).at(2).toLongLong(), expected);
        QCOMPARE(itemCount(*store_, "Shop"), expected);
        QCOMPARE(changed.count(), 1);
        QVERIFY(progress.count() >= 1);
        QCOMPARE(progress.last().at(0).toLongLong(), expected);
        QVERIFY(!data_->isBusy());
        QVERIFY(data_->generateAction()->isEnabled());
        // Replacing gives the same items again, not twice as many.
        data_->generate(SampleRequest{7, 0, true});
        QVERIFY(finished.wait(30000));
        QCOMPARE(itemCount(*store_, "Shop"), expected);
    }

    void shouldDoNothingWhenTheOptionsAreCancelled()
    {
        QSignalSpy finished(data_.get(), &DesignDataController::generationFinished);
        answer_.reset();
        data_->generateSampleData();
        QVERIFY(!data_->isBusy());
        QCOMPARE(finished.count(), 0);
    }

    void shouldStopBetweenRequestsWhenCancelledAndKeepWhatIsWritten()
    {
        QSignalSpy finished(data_.get(), &DesignDataController::generationFinished);
        // Cancel at the first progress report.
        connect(data_.get(), &DesignDataController::progress, data_.get(), &DesignDataController::cancel);
        data_->generate(SampleRequest{1, 60000, true});
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.at(0).at(1).toBool(), true);  // cancelled
        const qint64 written = finished.at(0).at(2).toLongLong();
        QVERIFY2(written > 0 && written < 60000, qPrintable(QString::number(written)));
        QCOMPARE(itemCount(*store_, "Shop"), written);
    }

    void shouldRunEveryPatternBesideItsEstimate()
    {
        widgets::PatternListModel model(doc_.get());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy generated(data_.get(), &DesignDataController::generationFinished);
        data_->generate(SampleRequest{1, 0, true});
        QVERIFY(generated.wait(30000));
        QSignalSpy ran(data_.get(), &DesignDataController::runFinished);
        data_->runAllAction()->trigger();
        QVERIFY(ran.wait(30000));
        QCOMPARE(ran.at(0).at(0).toInt(), 5);
        QCOMPARE(ran.at(0).at(1).toInt(), 0);  // none failed
        for (const auto& p : doc_->design().patterns()) {
            const widgets::PatternRunSummary* s = doc_->runSummary(p.id);
            QVERIFY2(s && s->ok, qPrintable(s ? s->error : QString("no run")));
            QVERIFY2(s->items > 0, qPrintable(QString::fromStdString(p.name)));
            QVERIFY(s->consumedReadUnits > 0);
            QCOMPARE(s->estimatedReadUnits, doc_->patternReport(p.id)->cost.read.readUnits);
        }
        // Pattern 1 is a GetItem of one profile: one item, and its partition value is concrete.
        const widgets::PatternRunSummary* profile = doc_->runSummary(doc_->design().patterns()[0].id);
        QCOMPARE(profile->items, 1);
        QCOMPARE(profile->partitionAttribute, QString("PK"));
        QVERIFY(profile->partitionValue.startsWith("CUST#"));
        QVERIFY(doc_->itemCollection(doc_->design().patterns()[0].id).concrete);
        QCOMPARE(model.data(model.index(0, widgets::PatternListModel::RunItemsColumn)).toString(), QString("1"));
        QVERIFY(model.data(model.index(0, widgets::PatternListModel::RunUnitsColumn)).toString().contains("est."));
    }

    void shouldShowWhyAPatternCouldNotRun()
    {
        // No data, no table: every run fails with DynamoDB's own error.
        QSignalSpy ran(data_.get(), &DesignDataController::runFinished);
        data_->runAllPatterns();
        QVERIFY(ran.wait(30000));
        QCOMPARE(ran.at(0).at(1).toInt(), 5);
        const widgets::PatternRunSummary* s = doc_->runSummary(doc_->design().patterns()[0].id);
        QVERIFY(s && !s->ok);
        QVERIFY2(s->error.startsWith("ResourceNotFoundException"), qPrintable(s->error));
        widgets::PatternListModel model(doc_.get());
        QCOMPARE(model.data(model.index(0, widgets::PatternListModel::RunItemsColumn)).toString(), QString("failed"));
        QCOMPARE(model.data(model.index(0, widgets::PatternListModel::RunItemsColumn), Qt::ToolTipRole).toString(), s->error);
    }

    void shouldWaitForItsWorkWhenDestroyed()
    {
        data_->generate(SampleRequest{1, 20000, true});
        QVERIFY(data_->isBusy());
        data_.reset();  // cancels and joins: nothing posts to a dead object
        QCoreApplication::processEvents();
        QVERIFY(itemCount(*store_, "Shop") < 20000);
    }

private:
    std::unique_ptr<engine::SqliteStore> store_;
    std::unique_ptr<DesignDocument> doc_;
    std::unique_ptr<DesignDataController> data_;
    std::optional<SampleRequest> answer_;
    QStringList errors_;
};

QTEST_MAIN(TestDesignData)
#include "tst_widget_design_data.moc"
