// File handling (DesignFiles): samples, open, save, save as, recent files, the unsaved-changes
// question on New, Open and close (Save, Discard, Cancel); import and export (DesignImportExport);
// and the autosave (DesignAutosave): written while there are unsaved changes, removed on save, and
// offered and restored by the next session after a crash.
#include "PrivateHome.h"
#include "design/DesignFile.h"
#include "io/Export.h"
#include "document/DesignDocument.h"
#include "widgets/design/DesignAutosave.h"
#include "widgets/design/DesignFiles.h"
#include "widgets/design/DesignImportExport.h"
#include "widgets/design/RecentFiles.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QLockFile>
#include <QMenu>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QFileInfo>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace keyplan;
using keyplan::widgets::DesignAutosave;
using keyplan::widgets::DesignDocument;
using keyplan::widgets::DesignFiles;
using keyplan::widgets::DesignImportExport;
using Choice = DesignFiles::SaveChoice;

namespace {

QString samplePath(const char* name)
{
    return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/") + name + QStringLiteral(".keyplan.json");
}

// Prompts that answer from the test and count what was asked.
struct Script {
    Choice choice = Choice::Cancel;
    QString openName;
    QString saveName;
    bool restore = true;
    int askedToSave = 0;
    int askedToRestore = 0;
    QString restoreTitle;
    QStringList errors;
    QString exportName;
    QString exportSuggestion;
    QString importName;
    QStringList notes;

    DesignFiles::Prompts filePrompts()
    {
        DesignFiles::Prompts p;
        p.askToSave = [this](const QString&) {
            ++askedToSave;
            return choice;
        };
        p.openFileName = [this](const QString&) { return openName; };
        p.saveFileName = [this](const QString&) { return saveName; };
        p.showError = [this](const QString& message) { errors << message; };
        return p;
    }
    DesignImportExport::Prompts importExportPrompts()
    {
        DesignImportExport::Prompts p;
        p.importFileName = [this](const QString&, const QString&) { return importName; };
        p.exportFileName = [this](const QString& suggestion, const QString&) {
            exportSuggestion = suggestion;
            return exportName;
        };
        p.showNotes = [this](const QString&, const QStringList& lines) { notes += lines; };
        p.showError = [this](const QString& message) { errors << message; };
        return p;
    }
    DesignAutosave::Prompts autosavePrompts()
    {
        DesignAutosave::Prompts p;
        p.askRestore = [this](const QString& title, const QString&, const QString&) {
            ++askedToRestore;
            restoreTitle = title;
            return restore;
        };
        p.showError = [this](const QString& message) { errors << message; };
        return p;
    }
};

void makeAnEdit(DesignDocument& doc, const char* name = "Edited")
{
    design::AccessPattern p = doc.design().patterns()[0];
    p.name = name;
    doc.editPattern(0, p, "edit");
}

}  // namespace

class TestDesignFiles : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // init() empties the autosave folder: this run gets a HOME of its own (PrivateHome.h).
    void initTestCase() { QVERIFY(usePrivateHome(home_)); }

    void init()
    {
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
        widgets::RecentFiles::clear();
        startSession();
        QVERIFY(autosave_->directory().startsWith(home_.path() + '/'));
        script_ = {};
    }
    void cleanup() { endSession(); }

    void shouldListTheBundledSamplesWithTheShopFirst()
    {
        const QStringList samples = DesignFiles::samplePaths();
        QCOMPARE(samples.size(), 4);
        QVERIFY(samples.front().endsWith("ecommerce.keyplan.json"));
        QCOMPARE(DesignFiles::sampleTitle(samples.front()), QString("E-commerce orders"));
        QCOMPARE(files_->samplesMenu()->actions().size(), 4);
        // A sample opens as a new design: Save asks where.
        QVERIFY(files_->newFromSample(samples.front()));
        QCOMPARE(doc_->design().patterns().size(), size_t(5));
        QVERIFY(doc_->filePath().isEmpty());
        QVERIFY(!doc_->isModified());
        QTemporaryDir dir;
        script_.saveName = dir.filePath("shop.keyplan.json");
        QVERIFY(files_->save());
        QCOMPARE(doc_->filePath(), script_.saveName);
    }

    void shouldOpenSaveAndReopenTheSameDesign()
    {
        QTemporaryDir dir;
        QVERIFY(files_->open(samplePath("saas")));
        QCOMPARE(doc_->filePath(), samplePath("saas"));
        makeAnEdit(*doc_);
        QVERIFY(doc_->isModified());
        QVERIFY(files_->windowTitle().contains("[*]"));
        const QString copy = dir.filePath("copy.keyplan.json");
        QVERIFY(files_->saveAs(copy));
        QVERIFY(!doc_->isModified());
        QCOMPARE(doc_->filePath(), copy);
        const std::string saved = design::writeDesign(doc_->design());
        QVERIFY(files_->open(copy));
        QCOMPARE(design::writeDesign(doc_->design()), saved);
        QCOMPARE(doc_->design().patterns()[0].name, std::string("Edited"));
        // A file that is not a design says why and changes nothing.
        const QString bad = dir.filePath("bad.keyplan.json");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"keyplan\": 1, \"table\": 3}");
        f.close();
        QVERIFY(!files_->open(bad));
        QCOMPARE(script_.errors.size(), 1);
        QVERIFY2(script_.errors.front().contains("$.table"), qPrintable(script_.errors.front()));
        QCOMPARE(doc_->filePath(), copy);
    }

    // Files people send each other may be hostile: each is opened through File > Open and either
    // opens or is refused with one message of bounded size, the design in the window unchanged.
    // tests/reliability/design_fuzz.py hands this test its files one at a time
    // (KEYPLAN_HOSTILE_DESIGN); without one it writes a few of the worst kinds itself.
    void shouldOpenHostileFilesUnharmed()
    {
        QTemporaryDir dir;
        QStringList paths;
        if (qEnvironmentVariableIsSet("KEYPLAN_HOSTILE_DESIGN")) {
            paths << qEnvironmentVariable("KEYPLAN_HOSTILE_DESIGN");
        } else {
            QFile sample(samplePath("ecommerce"));
            QVERIFY(sample.open(QIODevice::ReadOnly));
            const QByteArray text = sample.readAll();
            QByteArray placeholders;
            for (int i = 0; i < 10000; ++i) placeholders += "{v" + QByteArray::number(i) + "}";
            const QList<QPair<const char*, QByteArray>> files = {
                {"cut", text.left(text.size() / 2)},
                {"deep", QByteArray(200000, '[') + QByteArray(200000, ']')},
                {"twice", QByteArray(text).replace("\"name\": \"Shop\"", "\"name\": \"Shop\", \"name\": \"Again\"")},
                {"placeholders", QByteArray(text).replace("CUST#{customerId}", placeholders)},
                {"const", QByteArray(text).replace("id(8)", "const(" + QByteArray(9 * 1024 * 1024, 'c') + ")")},
            };
            for (const auto& [name, bytes] : files) {
                QFile f(dir.filePath(QString(name) + ".keyplan.json"));
                QVERIFY(f.open(QIODevice::WriteOnly));
                f.write(bytes);
                paths << f.fileName();
            }
        }
        for (const QString& path : paths) {
            QVERIFY(files_->open(samplePath("saas")));
            const std::string before = design::writeDesign(doc_->design());
            script_.errors.clear();
            script_.openName = path;
            files_->openAction()->trigger();
            if (doc_->filePath() == path) continue;  // it opened: a design within the limits
            QCOMPARE(script_.errors.size(), 1);
            QVERIFY2(script_.errors.front().size() < 4096, qPrintable(script_.errors.front().left(200)));
            QCOMPARE(design::writeDesign(doc_->design()), before);
        }
    }

    void shouldRememberRecentFilesNewestFirst()
    {
        QTemporaryDir dir;
        QVERIFY(files_->open(samplePath("saas")));
        QVERIFY(files_->saveAs(dir.filePath("a.keyplan.json")));
        QVERIFY(files_->saveAs(dir.filePath("b.keyplan.json")));
        QVERIFY(files_->open(dir.filePath("a.keyplan.json")));
        const QStringList recent = widgets::RecentFiles::files();
        QCOMPARE(recent.size(), 3);
        QCOMPARE(recent[0], dir.filePath("a.keyplan.json"));
        QCOMPARE(recent[1], dir.filePath("b.keyplan.json"));
        // The menu lists them and opens one.
        QMenu* menu = files_->recentMenu();
        QVERIFY(menu->isEnabled());
        QVERIFY(menu->actions().size() >= 3);
        menu->actions()[1]->trigger();
        QCOMPARE(doc_->filePath(), dir.filePath("b.keyplan.json"));
        // A file that is gone drops out.
        QFile::remove(dir.filePath("a.keyplan.json"));
        QVERIFY(!widgets::RecentFiles::files().contains(dir.filePath("a.keyplan.json")));
    }

    void shouldAskBeforeDroppingUnsavedChanges_data()
    {
        QTest::addColumn<int>("choice");
        QTest::addColumn<bool>("proceeds");
        QTest::addColumn<bool>("saved");
        QTest::newRow("save") << int(Choice::Save) << true << true;
        QTest::newRow("discard") << int(Choice::Discard) << true << false;
        QTest::newRow("cancel") << int(Choice::Cancel) << false << false;
    }
    void shouldAskBeforeDroppingUnsavedChanges()
    {
        QFETCH(int, choice);
        QFETCH(bool, proceeds);
        QFETCH(bool, saved);
        QTemporaryDir dir;
        const QString file = dir.filePath("shop.keyplan.json");
        QVERIFY(QFile::copy(samplePath("ecommerce"), file));
        QFile(file).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        for (const char* operation : {"new", "open", "close"}) {
            QVERIFY(files_->open(file));
            makeAnEdit(*doc_);
            script_.choice = Choice(choice);
            script_.askedToSave = 0;
            script_.openName = samplePath("students");
            bool went = false;
            if (QString(operation) == "new") went = files_->newDesign();
            else if (QString(operation) == "open") went = files_->open();
            else went = files_->maybeSave();  // what the window's close asks first
            QCOMPARE(script_.askedToSave, 1);
            QCOMPARE(went, proceeds);
            if (!proceeds) {
                QVERIFY(doc_->isModified());
                QCOMPARE(doc_->design().patterns()[0].name, std::string("Edited"));
                doc_->undoStack()->undo();
            }
            QCOMPARE(design::loadDesignFile(file).patterns()[0].name == "Edited", saved);
            // Put the file back for the next operation.
            QVERIFY(design::saveDesignFile(design::loadDesignFile(samplePath("ecommerce")), file));
        }
        // Nothing to lose: no question.
        QVERIFY(files_->open(file));
        script_.askedToSave = 0;
        QVERIFY(files_->newDesign());
        QCOMPARE(script_.askedToSave, 0);
    }

    void shouldAutosaveWhileModifiedAndRemoveItOnSave()
    {
        QTemporaryDir dir;
        QVERIFY(files_->open(samplePath("students")));
        const QDir autosave(autosave_->directory());
        const QString mine = autosave.filePath(autosave_->sessionName() + ".keyplan.json");
        QVERIFY(!autosave_->saveNow());  // nothing unsaved
        QVERIFY(!QFile::exists(mine));
        // The timer writes it.
        autosave_->setInterval(10);
        makeAnEdit(*doc_);
        QTRY_VERIFY(QFile::exists(mine));
        QCOMPARE(design::loadDesignFile(mine).patterns()[0].name, std::string("Edited"));
        QVERIFY(QFile::exists(autosave.filePath(autosave_->sessionName() + ".autosave.json")));
        QVERIFY(files_->saveAs(dir.filePath("students.keyplan.json")));
        QVERIFY(!QFile::exists(mine));
        // Undoing back to the saved state is not unsaved either.
        makeAnEdit(*doc_, "Edited again");
        QVERIFY(autosave_->saveNow());
        doc_->undoStack()->undo();
        QVERIFY(!doc_->isModified());
        QVERIFY(!QFile::exists(mine));
    }

    void shouldRemoveTheAutosaveOfDiscardedChanges_data()
    {
        QTest::addColumn<bool>("imported");
        QTest::addColumn<QString>("operation");
        for (const bool imported : {false, true}) {
            const char* given = imported ? "an unsaved import" : "an edit";
            QTest::addRow("%s, then File > New", given) << imported << "new";
            QTest::addRow("%s, then File > Open", given) << imported << "open";
            QTest::addRow("%s, then an import", given) << imported << "import";
            QTest::addRow("%s, then the window closes", given) << imported << "close";
        }
    }
    void shouldRemoveTheAutosaveOfDiscardedChanges()
    {
        QFETCH(bool, imported);
        QFETCH(QString, operation);
        const QString model = QStringLiteral(KEYPLAN_SOURCE_DIR "/tests/data/workbench/AnOnlineShop_facets.json");
        // Given unsaved changes in the autosave (an import is unsaved without an edit),
        if (imported) {
            QVERIFY(importExport_->importWorkbench(model));
        } else {
            QVERIFY(files_->open(samplePath("students")));
            makeAnEdit(*doc_);
        }
        QVERIFY(autosave_->saveNow());
        const QString mine = QDir(autosave_->directory()).filePath(autosave_->sessionName() + ".keyplan.json");
        QVERIFY(QFile::exists(mine));
        // when the user discards them,
        script_.choice = Choice::Discard;
        if (operation == "new") {
            QVERIFY(files_->newDesign());
        } else if (operation == "open") {
            QVERIFY(files_->open(samplePath("saas")));
        } else if (operation == "import") {
            QVERIFY(importExport_->importWorkbench(model));
        } else {
            QVERIFY(files_->maybeSave());
            autosave_->discard();
        }
        // then nothing of them is offered at the next start.
        QCOMPARE(script_.askedToSave, 1);
        QVERIFY(!QFile::exists(mine));
    }

    void shouldOfferAndRestoreTheAutosaveOfACrashedSession()
    {
        // Given the autosave a crashed session left (its lock file gone with the process).
        design::Design crashed = design::loadDesignFile(samplePath("ecommerce"));
        design::AccessPattern p = crashed.patterns()[4];
        p.name = "Never saved";
        crashed.replacePattern(p);
        const QString dir = autosave_->directory();
        QVERIFY(DesignAutosave::write(dir, "crashed-session", crashed, "/home/someone/shop.keyplan.json"));
        // When the next window's session starts,
        endSession();
        startSession();
        QSignalSpy replaced(files_.get(), &DesignFiles::documentReplaced);
        // then it offers the autosave and restores it as an unsaved change of the original file.
        QVERIFY(autosave_->offerRestore());
        QCOMPARE(script_.askedToRestore, 1);
        QCOMPARE(script_.restoreTitle, QString("E-commerce orders"));
        QCOMPARE(replaced.count(), 1);
        QCOMPARE(doc_->design().patterns()[4].name, std::string("Never saved"));
        QCOMPARE(doc_->filePath(), QString("/home/someone/shop.keyplan.json"));
        QVERIFY(doc_->isModified());
        // The orphan is gone, and this session's own autosave holds the design already.
        QVERIFY(!QFile::exists(QDir(dir).filePath("crashed-session.keyplan.json")));
        QVERIFY(QFile::exists(QDir(dir).filePath(autosave_->sessionName() + ".keyplan.json")));
        // Offered once only.
        QVERIFY(!autosave_->offerRestore());
        QCOMPARE(script_.askedToRestore, 1);
    }

    void shouldLeaveARunningSessionsAutosaveAlone()
    {
        // Another window is running: its lock is held.
        const QString dir = autosave_->directory();
        QVERIFY(DesignAutosave::write(dir, "running", design::loadDesignFile(samplePath("saas")), {}));
        QLockFile lock(QDir(dir).filePath("running.lock"));
        QVERIFY(lock.tryLock(0));
        QVERIFY(!autosave_->offerRestore());
        QCOMPARE(script_.askedToRestore, 0);
        QVERIFY(QFile::exists(QDir(dir).filePath("running.keyplan.json")));
    }

    void shouldDeleteADeclinedAutosave()
    {
        const QString dir = autosave_->directory();
        QVERIFY(DesignAutosave::write(dir, "old", design::loadDesignFile(samplePath("saas")), {}));
        script_.restore = false;
        QVERIFY(!autosave_->offerRestore());
        QCOMPARE(script_.askedToRestore, 1);
        QVERIFY(!QFile::exists(QDir(dir).filePath("old.keyplan.json")));
        QVERIFY(!doc_->isModified());
    }

    void shouldExportEveryFormat()
    {
        QTemporaryDir dir;
        QVERIFY(files_->open(samplePath("ecommerce")));
        // The text formats, a separator, the SVG and PNG pictures and the HTML document.
        QCOMPARE(importExport_->exportMenu()->actions().size(), int(io::exportFormats().size()) + 4);
        for (const io::ExportFormat format : io::exportFormats()) {
            const QString name = QString::fromStdString(io::defaultExportFileName(doc_->design(), format));
            script_.exportName = dir.filePath(name);
            QVERIFY(importExport_->exportAs(format));
            // Asked with the format's usual name, next to the design.
            QCOMPARE(script_.exportSuggestion, QFileInfo(samplePath("ecommerce")).absoluteDir().filePath(name));
            QFile f(script_.exportName);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll().toStdString(), io::exportDesign(doc_->design(), format).text);
        }
        QVERIFY(QFile::exists(dir.filePath("access-patterns.md")));
        // Cancelled: nothing written.
        script_.exportName.clear();
        QVERIFY(!importExport_->exportAs(io::ExportFormat::Markdown));
        QVERIFY(!doc_->isModified());
    }

    // A format that cannot hold a multi-attribute index key: the window says why, naming the index,
    // and writes nothing.
    void shouldRefuseAnExportThatCannotHoldAMultiAttributeKey()
    {
        QTemporaryDir dir;
        QVERIFY(files_->open(QStringLiteral(KEYPLAN_TEST_DATA_DIR "/io/multikey.keyplan.json")));
        for (const io::ExportFormat format : {io::ExportFormat::Workbench, io::ExportFormat::OneTable}) {
            script_.errors.clear();
            script_.exportName = dir.filePath("refused.json");
            QVERIFY(!importExport_->exportAs(format));
            QCOMPARE(script_.errors.size(), 1);
            QVERIFY2(script_.errors.front().startsWith("Cannot export the design as " +
                                                       QString::fromUtf8(io::exportFormatName(format)) + ".\n\nA "),
                     qPrintable(script_.errors.front()));
            QVERIFY2(script_.errors.front().contains("cannot hold the multi-attribute key of GSI ByStatusDay (partition key status "
                                                     "+ orderDay, sort key orderDate + total)"),
                     qPrintable(script_.errors.front()));
            QVERIFY(!QFileInfo::exists(script_.exportName));
        }
        // The formats that hold it export it.
        script_.errors.clear();
        QVERIFY(importExport_->exportAs(io::ExportFormat::Terraform, dir.filePath("Orders.tf")));
        QVERIFY(script_.errors.isEmpty());
    }

    void shouldExportLayoutPicturesAndTheDesignDocument()
    {
        QTemporaryDir dir;
        QVERIFY(files_->open(samplePath("ecommerce")));
        script_.exportName = dir.filePath("Shop.svg");
        QVERIFY(importExport_->exportDrawing(DesignImportExport::Drawing::Svg));
        QCOMPARE(script_.exportSuggestion, QFileInfo(samplePath("ecommerce")).absoluteDir().filePath("Shop.svg"));
        const QStringList files = importExport_->drawingFiles(script_.exportName);
        QCOMPARE(files, (QStringList{dir.filePath("Shop.svg"), dir.filePath("Shop-GSI1.svg")}));
        for (const QString& f : files) {
            QFile svg(f);
            QVERIFY(svg.open(QIODevice::ReadOnly));
            QVERIFY(svg.readAll().contains("<svg"));
        }
        QVERIFY(importExport_->exportDrawing(DesignImportExport::Drawing::Png, dir.filePath("Shop.png")));
        QVERIFY(!QImage(dir.filePath("Shop-GSI1.png")).isNull());
        QVERIFY(importExport_->exportDrawing(DesignImportExport::Drawing::Html, dir.filePath("Shop.html")));
        QFile html(dir.filePath("Shop.html"));
        QVERIFY(html.open(QIODevice::ReadOnly));
        QCOMPARE(html.readAll().count("<svg"), 2);
        QVERIFY(script_.errors.isEmpty());
    }

    void shouldImportAOneTableSchemaAsAnUnsavedDesign()
    {
        QTemporaryDir dir;
        const QString schema = dir.filePath("Shop.onetable.json");
        QFile f(schema);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const design::Design sample = design::loadDesignFile(samplePath("saas"));
        f.write(QByteArray::fromStdString(io::exportDesign(sample, io::ExportFormat::OneTable).text));
        f.close();
        script_.importName = schema;
        QSignalSpy replaced(files_.get(), &DesignFiles::documentReplaced);
        importExport_->importOneTableAction()->trigger();
        QCOMPARE(replaced.count(), 1);
        QVERIFY(script_.errors.isEmpty());
        QCOMPARE(doc_->design().table().name, std::string("Shop"));
        QCOMPARE(doc_->design().entities().size(), sample.entities().size());
        QVERIFY(doc_->filePath().isEmpty());
        QVERIFY(doc_->isModified());
    }

    void shouldImportAWorkbenchModelAsAnUnsavedDesign()
    {
        script_.importName = QStringLiteral(KEYPLAN_SOURCE_DIR "/tests/data/workbench/AnOnlineShop_facets.json");
        QSignalSpy replaced(files_.get(), &DesignFiles::documentReplaced);
        importExport_->importWorkbenchAction()->trigger();
        QCOMPARE(replaced.count(), 1);
        QVERIFY(script_.errors.isEmpty());
        QVERIFY(!doc_->design().entities().empty());
        QVERIFY(doc_->design().extension("workbench"));
        QVERIFY(doc_->filePath().isEmpty());
        QVERIFY(doc_->isModified());  // nothing saved yet
        QVERIFY(!script_.notes.isEmpty());
        // And back out: the model round-trips through the Export menu.
        QTemporaryDir dir;
        script_.exportName = dir.filePath("model.json");
        QVERIFY(importExport_->exportAs(io::ExportFormat::Workbench));
        // A file that is no model says where it is wrong.
        const QString bad = dir.filePath("bad.json");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"ModelName\": 3}");
        f.close();
        script_.choice = Choice::Discard;
        QVERIFY(!importExport_->importWorkbench(bad));
        QCOMPARE(script_.errors.size(), 1);
        QVERIFY2(script_.errors.front().contains("$"), qPrintable(script_.errors.front()));
    }

    void shouldSayWhyAnImportFileCannotBeUsedAndKeepTheDesign_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("said");
        QTest::newRow("Workbench, no such file") << "workbench"
                                                 << "missing.json"
                                                 << "Cannot read ";
        QTest::newRow("OneTable, no such file") << "onetable"
                                                << "missing.json"
                                                << "Cannot read ";
        QTest::newRow("Workbench, not a model") << "workbench"
                                                << "bad.json"
                                                << "is not a NoSQL Workbench model Keyplan can read.";
        QTest::newRow("OneTable, not a schema") << "onetable"
                                                << "bad.json"
                                                << "is not a OneTable schema Keyplan can read.";
        QTest::newRow("Workbench, chooser cancelled") << "workbench"
                                                      << ""
                                                      << "";
        QTest::newRow("OneTable, chooser cancelled") << "onetable"
                                                     << ""
                                                     << "";
    }

    void shouldSayWhyAnImportFileCannotBeUsedAndKeepTheDesign()
    {
        QFETCH(QString, format);
        QFETCH(QString, file);
        QFETCH(QString, said);
        QVERIFY(files_->newFromSample(samplePath("ecommerce")));
        const std::string before = design::writeDesign(doc_->design());
        QTemporaryDir dir;
        QFile bad(dir.filePath("bad.json"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("[1, 2");
        bad.close();
        // Through the menu: the chooser gives the name ("" = cancelled).
        script_.importName = file.isEmpty() ? QString() : dir.filePath(file);
        QSignalSpy replaced(files_.get(), &DesignFiles::documentReplaced);
        (format == "workbench" ? importExport_->importWorkbenchAction() : importExport_->importOneTableAction())->trigger();
        QCOMPARE(replaced.count(), 0);
        QCOMPARE(design::writeDesign(doc_->design()), before);
        if (said.isEmpty()) {
            QVERIFY(script_.errors.isEmpty());
            return;
        }
        QCOMPARE(script_.errors.size(), 1);
        QVERIFY2(script_.errors.front().contains(said), qPrintable(script_.errors.front()));
        QVERIFY2(script_.errors.front().contains(QDir::toNativeSeparators(dir.filePath(file))),
                 qPrintable(script_.errors.front()));
    }

    void shouldUndoAnImportedDesignsEditsWithItsExtensionIntact()
    {
        QVERIFY(
            importExport_->importWorkbench(QStringLiteral(KEYPLAN_SOURCE_DIR "/tests/data/workbench/AnOnlineShop_facets.json")));
        const std::string before = design::writeDesign(doc_->design());
        QVERIFY(doc_->renameEntity(0, "Renamed"));
        design::Design changed = doc_->design();
        changed.setExtension("workbench", {});
        doc_->editDesign(changed, "drop the extension");
        QVERIFY(!doc_->design().extension("workbench"));
        doc_->undoStack()->undo();
        doc_->undoStack()->undo();
        QCOMPARE(design::writeDesign(doc_->design()), before);
    }

private:
    // A window's document with its files, import and export, and autosave, as MainWindow wires them.
    void startSession()
    {
        doc_ = std::make_unique<DesignDocument>();
        files_ = std::make_unique<DesignFiles>(doc_.get(), nullptr);
        importExport_ = std::make_unique<DesignImportExport>(files_.get(), nullptr);
        autosave_ = std::make_unique<DesignAutosave>(files_.get(), nullptr);
        files_->setPrompts(script_.filePrompts());
        importExport_->setPrompts(script_.importExportPrompts());
        autosave_->setPrompts(script_.autosavePrompts());
    }
    void endSession()
    {
        autosave_.reset();
        importExport_.reset();
        files_.reset();
        doc_.reset();
    }

    QTemporaryDir home_;
    Script script_;
    std::unique_ptr<DesignDocument> doc_;
    std::unique_ptr<DesignFiles> files_;
    std::unique_ptr<DesignImportExport> importExport_;
    std::unique_ptr<DesignAutosave> autosave_;
};

QTEST_MAIN(TestDesignFiles)
#include "tst_widget_design_files.moc"
