#include "widgets/store/EndpointController.h"

#include "widgets/common/Icons.h"
#include "jobs/Job.h"
#include "widgets/store/ConfirmTableName.h"
#include "widgets/store/ConnectDialog.h"
#include "widgets/store/StoreSwitch.h"
#include "widgets/store/TableImport.h"
#include "widgets/store/TableImportDialog.h"

#include <QAction>
#include <QCoreApplication>
#include <QInputDialog>
#include <QMessageBox>
#include <QPointer>

namespace keyplan::widgets {

namespace {

QStringList tableNames(store::Store& store)
{
    QStringList names;
    store::ListTablesRequest request;
    for (;;) {
        const store::ListTablesResponse page = store.listTables(request);
        for (const auto& n : page.tableNames) names << QString::fromStdString(n);
        if (!page.lastEvaluatedTableName) break;
        request.exclusiveStartTableName = page.lastEvaluatedTableName;
    }
    return names;
}

}  // namespace

EndpointController::EndpointController(StoreSwitch& store, EndpointOpener& opener, Settings& settings, QWidget* dialogParent,
                                       QObject* parent)
    : QObject(parent), store_(store), opener_(opener), settings_(settings), dialogParent_(dialogParent)
{
    prompts_.connect = [](ConnectDialog& dialog) { return dialog.exec() == QDialog::Accepted; };
    prompts_.chooseTableToImport = [this](const QStringList& tables) -> std::optional<TableChoice> {
        TableImportDialog dialog(store_.location(), tables, dialogParent_);
        if (dialog.exec() != QDialog::Accepted) return std::nullopt;
        return TableChoice{dialog.table(), dialog.sampleItems()};
    };
    prompts_.confirmClearLocal = [this] {
        return QMessageBox::question(dialogParent_, tr("Clear store"),
                                     tr("Remove every item from every table? The tables and their indexes stay."),
                                     QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) == QMessageBox::Yes;
    };
    prompts_.chooseTableToClear = [this](const QStringList& tables) -> std::optional<QString> {
        bool ok = false;
        const QString table = QInputDialog::getItem(dialogParent_, tr("Clear a table on %1").arg(store_.location().endpoint),
                                                    tr("Table to empty (its schema and indexes stay):"), tables, 0, false, &ok);
        return ok ? std::optional<QString>(table) : std::nullopt;
    };
    prompts_.confirmTableName = [this](const StoreLocation& where, const QString& table, const QString& what) {
        return ConfirmTableName::ask(where, table, what, dialogParent_);
    };
    prompts_.showError = [this](const QString& message) { QMessageBox::warning(dialogParent_, tr("Keyplan"), message); };

    connect_ = new QAction(icon(QStringLiteral("cloud")), tr("Connect to &endpoint…"), this);
    connect_->setToolTip(tr("Work on DynamoDB in an AWS region, or on any DynamoDB-compatible endpoint"));
    disconnect_ = new QAction(tr("&Disconnect"), this);
    disconnect_->setToolTip(tr("Back to the local store"));
    importFromTable_ = new QAction(tr("Import design from &table…"), this);
    importFromTable_->setToolTip(tr("Infer entities and key templates from a sample of a table's items"));
    QObject::connect(connect_, &QAction::triggered, this, &EndpointController::connectToEndpoint);
    QObject::connect(disconnect_, &QAction::triggered, this, &EndpointController::disconnectFromEndpoint);
    QObject::connect(importFromTable_, &QAction::triggered, this, &EndpointController::importDesignFromTable);
    updateActions();
}

StoreLocation EndpointController::location() const { return store_.location(); }

void EndpointController::updateActions() { disconnect_->setEnabled(store_.isRemote()); }

void EndpointController::connectToEndpoint()
{
    // A user's job writes through the store it started on: switching under it would split its work.
    if (Job* running = Jobs::instance().userJob()) {
        Q_EMIT statusMessage(tr("Wait for \u201c%1\u201d to finish first").arg(running->title()));
        return;
    }
    ConnectDialog dialog(settings_.recentConnections(), opener_, dialogParent_);
    if (!prompts_.connect(dialog) || !dialog.store()) return;
    settings_.rememberConnection(dialog.connection());
    settings_.sync();
    sayRetries(*dialog.store());
    store_.connectTo(dialog.store(), dialog.location());
    updateActions();
    Q_EMIT statusMessage(tr("Connected to %1").arg(dialog.location().text()));
    Q_EMIT storeSwitched(store_.location());
}

void EndpointController::sayRetries(store::Store& connected)
{
    // Called from the job's thread: the message crosses to the GUI thread through the
    // application object, which outlives every job, and only there is the controller looked at.
    opener_.sayRetries(connected, [self = QPointer<EndpointController>(this)](const QString& text) {
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, text] {
                if (self) Q_EMIT self->statusMessage(text);
            },
            Qt::QueuedConnection);
    });
}

void EndpointController::disconnectFromEndpoint()
{
    if (!store_.isRemote()) return;
    if (Job* running = Jobs::instance().userJob()) {
        Q_EMIT statusMessage(tr("Wait for \u201c%1\u201d to finish first").arg(running->title()));
        return;
    }
    const QString was = store_.location().text();
    store_.disconnect();
    updateActions();
    Q_EMIT statusMessage(tr("Disconnected from %1; back to the %2").arg(was, store_.location().text()));
    Q_EMIT storeSwitched(store_.location());
}

bool EndpointController::confirmDestructive(const QString& table, const QString& what)
{
    const StoreLocation where = store_.location();
    return !where.isRemote() || prompts_.confirmTableName(where, table, what);
}

std::optional<QStringList> EndpointController::tablesToClear(const QStringList& tables)
{
    if (!store_.isRemote()) return prompts_.confirmClearLocal() ? std::optional<QStringList>(QStringList()) : std::nullopt;
    if (tables.isEmpty()) return std::nullopt;
    const std::optional<QString> table = prompts_.chooseTableToClear(tables);
    if (!table) return std::nullopt;
    if (!confirmDestructive(*table, tr("Every item of the table is deleted (the table is deleted and created again with the same "
                                       "keys and indexes).")))
        return std::nullopt;
    return QStringList{*table};
}

void EndpointController::importDesignFromTable()
{
    Jobs::instance().run<QStringList>(
        this, [&store = store_] { return tableNames(store); },
        [this](Outcome<QStringList> outcome) {
            if (!outcome.ok()) {
                prompts_.showError(tr("Cannot list the tables of %1: %2").arg(store_.location().text(), outcome.errorText()));
                return;
            }
            if (outcome.value->isEmpty()) {
                prompts_.showError(tr("%1 has no tables to import a design from.").arg(store_.location().text()));
                return;
            }
            if (const auto choice = prompts_.chooseTableToImport(*outcome.value)) importTable(choice->table, choice->sampleItems);
        });
}

Job* EndpointController::importTable(const QString& table, int sampleItems)
{
    JobOptions options;
    options.title = tr("Reading a sample of %1").arg(table);
    options.showsProgress = true;
    options.cancellingText = tr("Stopping after the current page…");
    const QString source = tr("table %1 on %2").arg(table, store_.location().text());
    return Jobs::instance().run<ImportedDesign>(
        this, options,
        [&store = store_, name = table.toStdString(), sampleItems](JobContext& context) {
            const TableSample sample = sampleTable(store, name, sampleItems, [&](int64_t read) {
                context.progress(read, sampleItems, tr("Read %1 of at most %2 items").arg(read).arg(sampleItems));
                return !context.isCancelled();
            });
            if (context.isCancelled()) return ImportedDesign{};
            return designFromSample(sample);
        },
        [this, source](Outcome<ImportedDesign> outcome) {
            if (outcome.cancelled) {
                Q_EMIT statusMessage(tr("Import from %1 cancelled").arg(source));
                return;
            }
            if (!outcome.ok()) {
                const QString message = tr("Cannot make a design of %1: %2").arg(source, outcome.errorMessage);
                prompts_.showError(message);
                return;
            }
            Q_EMIT designImported(*outcome.value, source);
        });
}

}  // namespace keyplan::widgets
