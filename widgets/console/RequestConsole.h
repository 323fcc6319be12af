// The request console: an operation builder for GetItem, Query, Scan, PutItem, UpdateItem,
// DeleteItem and TransactWriteItems against the store, like NoSQL Workbench's operation
// builder, and beside it a PartiQL mode (ExecuteStatement: a statement with its parameters,
// table, index and attribute names completed as it is typed, pages followed by NextToken). Table and index pickers come from
// DescribeTable; expression fields check their placeholders as you type and complete attribute names; requests run off the GUI
// thread and come back as a grid and as DynamoDB JSON (model/wire's encoding) with Count, ScannedCount and consumed capacity;
// "Next page" continues from LastEvaluatedKey; the request can be copied as boto3 or AWS SDK for JavaScript v3 code.
#pragma once

#include <QHash>
#include <QSet>
#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTableView;
class QTableWidget;
class QToolButton;

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {

class ExpressionEdit;
class StatementEdit;
class ResultItemsModel;
struct ConsoleForm;
struct BuiltRequest;
struct ConsoleRun;
enum class ConsoleOperation;

class RequestConsole final : public QWidget {
    Q_OBJECT
public:
    explicit RequestConsole(store::Store& store, QWidget* parent = nullptr);
    ~RequestConsole() override;

    // The fields as they stand, and the request they build (with any problems found).
    ConsoleForm form() const;
    BuiltRequest currentRequest() const;

    void setOperation(ConsoleOperation operation);
    // ReturnConsumedCapacity: 0 NONE, 1 TOTAL, 2 INDEXES (kept in the settings).
    int capacityChoice() const;
    void setCapacityChoice(int choice);
    void setTable(const QString& table);
    // ExecuteStatement's PartiQL text and its parameters (a JSON list of attribute values).
    void setStatement(const QString& statement, const QString& parametersJson = {});
    QStringList tables() const;

    // Attribute names to complete in expressions, e.g. what the layout views have seen.
    void addKnownAttributes(const QString& table, const QStringList& names);
    QStringList knownAttributes(const QString& table) const;

    QString pythonCode() const;
    QString javascriptCode() const;

    // What the last run showed.
    QString summaryText() const;
    QString errorText() const;
    QString responseJson() const;
    QString problemsText() const;
    ResultItemsModel* resultModel() const { return results_; }
    bool isRunning() const;
    bool hasNextPage() const;
    int pageNumber() const { return page_; }

public Q_SLOTS:
    void run();
    void nextPage();
    void copyPython();
    void copyJavaScript();
    // Lists the tables again (after tables were created or dropped).
    void reloadTables();
    // Puts "#pk = :pk" (and its name and value rows) in the key condition for the chosen
    // table or index, keeping whatever placeholders already exist.
    void fillKeyCondition();

Q_SIGNALS:
    // A run ended; `wrote` when it changed items (the layouts are then out of date).
    void requestFinished(bool wrote);
    void copied(const QString& what);

private:
    struct State;
    void buildForm();
    void buildRequestFields();
    void buildPlaceholderTables();
    void buildTransactionBox();
    QLayout* buildButtons();
    QWidget* buildResults();
    void connectForm();
    void operationChanged();
    void tableChanged();
    void formEdited();
    void updateCompletions();
    void addTransactAction();
    void removeTransactAction();
    void startRun();
    void showRun(const ConsoleRun& result);
    QString runSummary(const ConsoleRun& result, const ConsoleForm& form) const;
    void setProblems();

    store::Store& store_;
    std::unique_ptr<State> state_;  // table descriptions, the transaction, the last run
    QHash<QString, QSet<QString>> known_;
    int page_ = 0;
    bool updatingForm_ = false;

    QFormLayout* formLayout_ = nullptr;
    QComboBox* operation_ = nullptr;
    QComboBox* table_ = nullptr;
    QComboBox* index_ = nullptr;
    QLabel* partitionLabel_ = nullptr;
    QLineEdit* partitionValue_ = nullptr;
    QLabel* sortLabel_ = nullptr;
    QLineEdit* sortValue_ = nullptr;
    QPlainTextEdit* item_ = nullptr;
    QWidget* keyConditionRow_ = nullptr;
    ExpressionEdit* keyCondition_ = nullptr;
    ExpressionEdit* filter_ = nullptr;
    ExpressionEdit* projection_ = nullptr;
    ExpressionEdit* condition_ = nullptr;
    ExpressionEdit* update_ = nullptr;
    StatementEdit* statement_ = nullptr;
    QLineEdit* parameters_ = nullptr;
    QTableWidget* names_ = nullptr;
    QTableWidget* values_ = nullptr;
    QLineEdit* limit_ = nullptr;
    QCheckBox* scanIndexForward_ = nullptr;
    QCheckBox* consistentRead_ = nullptr;
    QComboBox* returnValues_ = nullptr;
    QComboBox* capacity_ = nullptr;
    QWidget* transactionBox_ = nullptr;
    QComboBox* transactAction_ = nullptr;
    QListWidget* transactList_ = nullptr;
    QLabel* problems_ = nullptr;
    QPushButton* run_ = nullptr;
    QPushButton* next_ = nullptr;
    QToolButton* copyPython_ = nullptr;
    QToolButton* copyJavaScript_ = nullptr;

    QLabel* summary_ = nullptr;
    QLabel* error_ = nullptr;
    QTabWidget* resultTabs_ = nullptr;
    QTableView* grid_ = nullptr;
    ResultItemsModel* results_ = nullptr;
    QPlainTextEdit* response_ = nullptr;
    QPlainTextEdit* request_ = nullptr;
};

}  // namespace keyplan::widgets
