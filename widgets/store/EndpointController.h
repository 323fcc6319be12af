// Where the window's store is, and the File menu's entries that change it: Connect to
// endpoint... (the ConnectDialog), Disconnect (back to the local store), and Import design from
// table... (a bounded sample of a table, with progress and Cancel, inferred into a new design).
// It also asks before destructive work on a remote endpoint: clearing names the endpoint and
// the table and wants the table's name typed.
#pragma once

#include "widgets/common/Settings.h"
#include "widgets/store/EndpointOpener.h"
#include "widgets/store/ImportedDesign.h"
#include "widgets/store/StoreLocation.h"

#include <QObject>
#include <QStringList>

#include <functional>
#include <optional>

class QAction;
class QWidget;

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {

class ConnectDialog;
class Job;
class StoreSwitch;

class EndpointController final : public QObject {
    Q_OBJECT
public:
    struct TableChoice {
        QString table;
        int sampleItems = kDefaultTableSample;
    };
    // The questions it asks; tests answer them without dialogs.
    struct Prompts {
        // Runs the dialog; true when it connected.
        std::function<bool(ConnectDialog& dialog)> connect;
        std::function<std::optional<TableChoice>(const QStringList& tables)> chooseTableToImport;
        // Clearing the local store: a yes/no question.
        std::function<bool()> confirmClearLocal;
        std::function<std::optional<QString>(const QStringList& tables)> chooseTableToClear;
        std::function<bool(const StoreLocation& where, const QString& table, const QString& what)> confirmTableName;
        std::function<void(const QString& message)> showError;
    };

    // `opener` reaches the endpoints the user connects to (app/gui's RemoteEndpoints); it and
    // `settings` outlive the controller.
    EndpointController(StoreSwitch& store, EndpointOpener& opener, Settings& settings, QWidget* dialogParent,
                       QObject* parent = nullptr);

    void setPrompts(Prompts prompts) { prompts_ = std::move(prompts); }
    const Prompts& prompts() const { return prompts_; }

    QAction* connectAction() const { return connect_; }
    QAction* disconnectAction() const { return disconnect_; }
    QAction* importFromTableAction() const { return importFromTable_; }
    StoreLocation location() const;

    // Which tables a Clear store empties: every table of the local store after a yes, or on a
    // remote endpoint the one chosen and typed. nullopt: the user stopped.
    std::optional<QStringList> tablesToClear(const QStringList& tables);
    // Whether the user agreed to `what` on `table` (always, on the local store).
    bool confirmDestructive(const QString& table, const QString& what);

public Q_SLOTS:
    void connectToEndpoint();
    void disconnectFromEndpoint();
    void importDesignFromTable();
    // Samples `table` as a job with the progress dialog; emits designImported, or shows the error.
    Job* importTable(const QString& table, int sampleItems);

Q_SIGNALS:
    void storeSwitched(const keyplan::widgets::StoreLocation& where);
    void designImported(const keyplan::widgets::ImportedDesign& imported, const QString& source);
    void statusMessage(const QString& message);

private:
    void updateActions();
    // A connected endpoint's retries after a connection problem are said on the status line
    // (statusMessage): a silent endpoint otherwise keeps a job busy for minutes without a word.
    void sayRetries(store::Store& connected);

    StoreSwitch& store_;
    EndpointOpener& opener_;
    Settings& settings_;
    QWidget* dialogParent_;
    Prompts prompts_;
    QAction* connect_;
    QAction* disconnect_;
    QAction* importFromTable_;
};

}  // namespace keyplan::widgets
