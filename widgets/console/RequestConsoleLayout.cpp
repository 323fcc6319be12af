// The request console's widgets: the form on the left (the request's fields, its placeholder
// tables, the transaction's actions, the Run and copy buttons), the results on the right, and what
// each edit triggers. Kept apart from RequestConsole.cpp, which is what the console does.
#include "widgets/console/RequestConsole.h"

#include "widgets/common/Icons.h"
#include "widgets/console/ConsoleForm.h"
#include "widgets/console/ExpressionEdit.h"
#include "widgets/console/ResultItemsModel.h"
#include "widgets/console/StatementEdit.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <functional>

namespace keyplan::widgets {

namespace {

const char* const kValueTypes[] = {"S", "N", "B", "BOOL", "NULL", "JSON"};

QFont monospace() { return QFontDatabase::systemFont(QFontDatabase::FixedFont); }

}  // namespace

void RequestConsole::buildForm()
{
    auto* formWidget = new QWidget;
    auto* formColumn = new QVBoxLayout(formWidget);
    formLayout_ = new QFormLayout;
    formColumn->addLayout(formLayout_);
    formColumn->addStretch(1);
    formLayout_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    formLayout_->setRowWrapPolicy(QFormLayout::DontWrapRows);
    buildRequestFields();
    buildPlaceholderTables();
    buildTransactionBox();
    formLayout_->addRow(tr("Operation"), operation_);
    formLayout_->addRow(tr("Action"), transactAction_);
    formLayout_->addRow(tr("Statement"), statement_);
    formLayout_->addRow(tr("Parameters"), parameters_);
    formLayout_->addRow(tr("Table"), table_);
    formLayout_->addRow(tr("Index"), index_);
    formLayout_->addRow(partitionLabel_, partitionValue_);
    formLayout_->addRow(sortLabel_, sortValue_);
    formLayout_->addRow(tr("Item"), item_);
    formLayout_->addRow(tr("KeyCondition"), keyConditionRow_);
    formLayout_->addRow(tr("Filter"), filter_);
    formLayout_->addRow(tr("Projection"), projection_);
    formLayout_->addRow(tr("Condition"), condition_);
    formLayout_->addRow(tr("Update"), update_);
    formLayout_->addRow(tr("Names"), names_);
    formLayout_->addRow(tr("Values"), values_);
    formLayout_->addRow(tr("Limit"), limit_);
    formLayout_->addRow(QString(), scanIndexForward_);
    formLayout_->addRow(QString(), consistentRead_);
    formLayout_->addRow(tr("ReturnValues"), returnValues_);
    formLayout_->addRow(tr("Capacity"), capacity_);
    formLayout_->addRow(tr("Transaction"), transactionBox_);

    auto* scroll = new QScrollArea;
    scroll->setAccessibleName(tr("The request"));
    scroll->setWidget(formWidget);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    // buildButtons makes the problems line too, so it comes before that line is placed.
    QLayout* buttons = buildButtons();
    leftLayout->addWidget(scroll, 1);
    leftLayout->addWidget(problems_);
    leftLayout->addLayout(buttons);

    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->addWidget(left);
    splitter->addWidget(buildResults());
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setChildrenCollapsible(false);
    splitter->setSizes({440, 660});
    scroll->setMinimumWidth(320);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    connectForm();
}

// The request's own fields: operation, table and index, keys, item, expressions and options.
void RequestConsole::buildRequestFields()
{
    operation_ = new QComboBox;
    operation_->setObjectName(QStringLiteral("operation"));
    operation_->setAccessibleName(tr("Operation"));
    for (auto op : {ConsoleOperation::GetItem, ConsoleOperation::Query, ConsoleOperation::Scan, ConsoleOperation::PutItem,
                    ConsoleOperation::UpdateItem, ConsoleOperation::DeleteItem, ConsoleOperation::TransactWriteItems})
        operation_->addItem(QString::fromLatin1(operationLabel(op)), int(op));
    // The PartiQL mode, apart from the builder's operations: E on the operation picks it.
    operation_->insertSeparator(operation_->count());
    operation_->addItem(icon(QStringLiteral("code")), QString::fromLatin1(operationLabel(ConsoleOperation::ExecuteStatement)),
                        int(ConsoleOperation::ExecuteStatement));
    operation_->setCurrentIndex(1);
    // Going to the console (Ctrl+2) lands on the operation: a letter picks one (S Scan), Tab goes on.
    setFocusProxy(operation_);

    transactAction_ = new QComboBox;
    transactAction_->setObjectName(QStringLiteral("transactAction"));
    transactAction_->addItem(tr("Put"), int(TransactAction::Put));
    transactAction_->addItem(tr("Update"), int(TransactAction::Update));
    transactAction_->addItem(tr("Delete"), int(TransactAction::Delete));
    transactAction_->addItem(tr("ConditionCheck"), int(TransactAction::ConditionCheck));

    table_ = new QComboBox;
    table_->setObjectName(QStringLiteral("table"));
    index_ = new QComboBox;
    index_->setObjectName(QStringLiteral("index"));
    partitionValue_ = new QLineEdit;
    partitionValue_->setObjectName(QStringLiteral("partitionValue"));
    sortValue_ = new QLineEdit;
    sortValue_->setObjectName(QStringLiteral("sortValue"));
    partitionLabel_ = new QLabel(tr("Partition key"));
    sortLabel_ = new QLabel(tr("Sort key"));

    const QFont mono = monospace();
    item_ = new QPlainTextEdit;
    item_->setObjectName(QStringLiteral("item"));
    item_->setFont(mono);
    item_->setTabChangesFocus(true);
    item_->setPlaceholderText(
        QStringLiteral("{\"PK\": {\"S\": \"CUST#1\"}, \"SK\": {\"S\": \"PROFILE\"}, \"name\": {\"S\": \"Ada\"}}"));
    item_->setFixedHeight(item_->fontMetrics().lineSpacing() * 5 + 12);

    auto makeExpression = [&](const char* name, const QString& placeholder) {
        auto* e = new ExpressionEdit;
        e->setObjectName(QLatin1String(name));
        e->setFont(mono);
        e->setPlaceholderText(placeholder);
        return e;
    };
    keyCondition_ = makeExpression("keyCondition", QStringLiteral("#pk = :pk AND begins_with(#sk, :prefix)"));
    keyCondition_->setAccessibleName(tr("Key condition expression"));
    filter_ = makeExpression("filter", QStringLiteral("#status = :shipped"));
    projection_ = makeExpression("projection", QStringLiteral("#pk, #sk, total"));
    condition_ = makeExpression("condition", QStringLiteral("attribute_not_exists(#pk)"));
    update_ = makeExpression("update", QStringLiteral("SET #total = #total + :amount"));

    statement_ = new StatementEdit;
    statement_->setObjectName(QStringLiteral("statement"));
    statement_->setAccessibleName(tr("PartiQL statement"));
    statement_->setFont(mono);
    statement_->setPlaceholderText(QStringLiteral("SELECT * FROM \"Shop\" WHERE PK = ? AND begins_with(SK, 'ORDER#')"));
    statement_->setToolTip(tr("Ctrl+Space completes table, index and attribute names; Ctrl+Return runs"));
    statement_->setFixedHeight(statement_->fontMetrics().lineSpacing() * 4 + 12);
    parameters_ = new QLineEdit;
    parameters_->setObjectName(QStringLiteral("parameters"));
    parameters_->setAccessibleName(tr("Statement parameters"));
    parameters_->setFont(mono);
    parameters_->setPlaceholderText(QStringLiteral("[{\"S\": \"CUST#1\"}]  (one per ?, in order)"));

    keyConditionRow_ = new QWidget;
    auto* keyRow = new QHBoxLayout(keyConditionRow_);
    keyRow->setContentsMargins(0, 0, 0, 0);
    keyRow->addWidget(keyCondition_, 1);
    auto* templateButton = new QToolButton;
    templateButton->setObjectName(QStringLiteral("keyConditionTemplate"));
    templateButton->setAccessibleName(tr("Fill in the key condition"));
    templateButton->setIcon(icon(QStringLiteral("add")));
    templateButton->setToolTip(tr("Fill in \"#pk = :pk\" for the chosen table or index"));
    templateButton->setAutoRaise(true);
    keyRow->addWidget(templateButton);
    connect(templateButton, &QToolButton::clicked, this, &RequestConsole::fillKeyCondition);

    limit_ = new QLineEdit;
    limit_->setObjectName(QStringLiteral("limit"));
    limit_->setPlaceholderText(tr("no limit"));
    scanIndexForward_ = new QCheckBox(tr("ScanIndexForward (ascending)"));
    scanIndexForward_->setObjectName(QStringLiteral("scanIndexForward"));
    scanIndexForward_->setChecked(true);
    consistentRead_ = new QCheckBox(tr("ConsistentRead (strong)"));
    consistentRead_->setObjectName(QStringLiteral("consistentRead"));
    returnValues_ = new QComboBox;
    returnValues_->setObjectName(QStringLiteral("returnValues"));
    returnValues_->addItem(QStringLiteral("NONE"), int(store::ReturnValues::None));
    returnValues_->addItem(QStringLiteral("ALL_OLD"), int(store::ReturnValues::AllOld));
    returnValues_->addItem(QStringLiteral("UPDATED_OLD"), int(store::ReturnValues::UpdatedOld));
    returnValues_->addItem(QStringLiteral("ALL_NEW"), int(store::ReturnValues::AllNew));
    returnValues_->addItem(QStringLiteral("UPDATED_NEW"), int(store::ReturnValues::UpdatedNew));
    capacity_ = new QComboBox;
    capacity_->setObjectName(QStringLiteral("capacity"));
    capacity_->addItem(QStringLiteral("NONE"), int(store::ReturnConsumedCapacity::None));
    capacity_->addItem(QStringLiteral("TOTAL"), int(store::ReturnConsumedCapacity::Total));
    capacity_->addItem(QStringLiteral("INDEXES"), int(store::ReturnConsumedCapacity::Indexes));
    capacity_->setCurrentIndex(2);
}

// The expression attribute names and values, each table with an empty last row to type into.
void RequestConsole::buildPlaceholderTables()
{
    auto makeTable = [&](const char* name, const QStringList& headers) {
        auto* t = new QTableWidget(1, int(headers.size()));
        t->setObjectName(QLatin1String(name));
        t->setHorizontalHeaderLabels(headers);
        t->verticalHeader()->setVisible(false);
        t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 10);
        t->horizontalHeader()->setStretchLastSection(true);
        t->setFixedHeight(t->verticalHeader()->defaultSectionSize() * 3 + t->horizontalHeader()->sizeHint().height() + 4);
        t->setEditTriggers(QAbstractItemView::AllEditTriggers);
        for (int c = 0; c < t->columnCount(); ++c) t->setItem(0, c, new QTableWidgetItem);
        return t;
    };
    names_ = makeTable("names", {tr("#placeholder"), tr("attribute name")});
    values_ = makeTable("values", {tr(":placeholder"), tr("type"), tr("value")});
    names_->setAccessibleName(tr("Expression attribute names"));
    values_->setAccessibleName(tr("Expression attribute values"));
    values_->setColumnWidth(1, 70);
    auto addTypeCombo = [this](int row) {
        auto* type = new QComboBox;
        for (const char* t : kValueTypes) type->addItem(QLatin1String(t));
        values_->setCellWidget(row, 1, type);
        connect(type, &QComboBox::currentIndexChanged, this, &RequestConsole::formEdited);
    };
    addTypeCombo(0);
    // An empty last row is always there to type a new placeholder into.
    auto growing = [](QTableWidget* t, const std::function<void(int)>& onNewRow) {
        return [t, onNewRow](QTableWidgetItem* changed) {
            const int last = t->rowCount() - 1;
            if (changed->row() != last || changed->text().isEmpty()) return;
            t->insertRow(last + 1);
            for (int c = 0; c < t->columnCount(); ++c) t->setItem(last + 1, c, new QTableWidgetItem);
            if (onNewRow) onNewRow(last + 1);
        };
    };
    connect(names_, &QTableWidget::itemChanged, this, growing(names_, {}));
    connect(values_, &QTableWidget::itemChanged, this, growing(values_, addTypeCombo));
}

void RequestConsole::buildTransactionBox()
{
    transactionBox_ = new QWidget;
    auto* txLayout = new QVBoxLayout(transactionBox_);
    txLayout->setContentsMargins(0, 0, 0, 0);
    transactList_ = new QListWidget;
    transactList_->setObjectName(QStringLiteral("transactList"));
    transactList_->setFixedHeight(transactList_->fontMetrics().height() * 5 + 12);
    auto* txButtons = new QHBoxLayout;
    auto* addAction = new QPushButton(icon(QStringLiteral("add")), tr("Add action"));
    addAction->setObjectName(QStringLiteral("addAction"));
    auto* removeAction = new QPushButton(icon(QStringLiteral("remove")), tr("Remove"));
    removeAction->setObjectName(QStringLiteral("removeAction"));
    txButtons->addWidget(addAction);
    txButtons->addWidget(removeAction);
    txButtons->addStretch(1);
    txLayout->addLayout(txButtons);
    txLayout->addWidget(transactList_);
    connect(addAction, &QPushButton::clicked, this, &RequestConsole::addTransactAction);
    connect(removeAction, &QPushButton::clicked, this, &RequestConsole::removeTransactAction);
}

// Run, Next page and the copy buttons, under the form; the problems line sits above them.
QLayout* RequestConsole::buildButtons()
{
    problems_ = new QLabel;
    problems_->setObjectName(QStringLiteral("problems"));
    problems_->setWordWrap(true);
    problems_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    problems_->setVisible(false);

    run_ = new QPushButton(icon(QStringLiteral("run")), tr("Run"));
    run_->setObjectName(QStringLiteral("run"));
    run_->setToolTip(tr("Run the request (Ctrl+Return)"));
    run_->setDefault(true);
    next_ = new QPushButton(icon(QStringLiteral("next-page")), tr("Next page"));
    next_->setObjectName(QStringLiteral("nextPage"));
    next_->setToolTip(tr("Run again from LastEvaluatedKey"));
    next_->setEnabled(false);
    copyPython_ = new QToolButton;
    copyPython_->setObjectName(QStringLiteral("copyPython"));
    copyPython_->setIcon(icon(QStringLiteral("code")));
    copyPython_->setText(tr("Copy as Python"));
    copyPython_->setToolTip(tr("Copy the request as boto3 code"));
    copyPython_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    copyJavaScript_ = new QToolButton;
    copyJavaScript_->setObjectName(QStringLiteral("copyJavaScript"));
    copyJavaScript_->setIcon(icon(QStringLiteral("code")));
    copyJavaScript_->setText(tr("Copy as JavaScript"));
    copyJavaScript_->setToolTip(tr("Copy the request as AWS SDK for JavaScript v3 code"));
    copyJavaScript_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(run_);
    buttons->addWidget(next_);
    buttons->addStretch(1);
    buttons->addWidget(copyPython_);
    buttons->addWidget(copyJavaScript_);

    return buttons;
}

// The summary, the error and the results in tabs: items, response JSON, request JSON.
QWidget* RequestConsole::buildResults()
{
    const QFont mono = monospace();
    summary_ = new QLabel;
    summary_->setObjectName(QStringLiteral("summary"));
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Long summaries wrap instead of widening the results pane.
    summary_->setMinimumWidth(1);
    summary_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Minimum);
    error_ = new QLabel;
    error_->setObjectName(QStringLiteral("error"));
    error_->setWordWrap(true);
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    error_->setVisible(false);
    results_ = new ResultItemsModel(this);
    grid_ = new QTableView;
    grid_->setObjectName(QStringLiteral("resultGrid"));
    grid_->setAccessibleName(tr("Items returned"));
    grid_->setModel(results_);
    grid_->setWordWrap(false);
    grid_->setAlternatingRowColors(true);
    grid_->verticalHeader()->setDefaultSectionSize(grid_->fontMetrics().height() + 8);
    grid_->horizontalHeader()->setDefaultSectionSize(140);
    grid_->horizontalHeader()->setStretchLastSection(true);
    response_ = new QPlainTextEdit;
    response_->setObjectName(QStringLiteral("responseJson"));
    response_->setReadOnly(true);
    response_->setFont(mono);
    request_ = new QPlainTextEdit;
    request_->setObjectName(QStringLiteral("requestJson"));
    request_->setReadOnly(true);
    request_->setFont(mono);
    resultTabs_ = new QTabWidget;
    resultTabs_->setAccessibleName(tr("The answer"));
    resultTabs_->setDocumentMode(true);
    resultTabs_->addTab(grid_, icon(QStringLiteral("table")), tr("Items"));
    resultTabs_->addTab(response_, icon(QStringLiteral("code")), tr("Response JSON"));
    resultTabs_->addTab(request_, icon(QStringLiteral("code")), tr("Request JSON"));
    auto* right = new QWidget;
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(summary_);
    rightLayout->addWidget(error_);
    rightLayout->addWidget(resultTabs_, 1);

    return right;
}

void RequestConsole::connectForm()
{
    connect(run_, &QPushButton::clicked, this, &RequestConsole::run);
    connect(next_, &QPushButton::clicked, this, &RequestConsole::nextPage);
    connect(copyPython_, &QToolButton::clicked, this, &RequestConsole::copyPython);
    connect(copyJavaScript_, &QToolButton::clicked, this, &RequestConsole::copyJavaScript);
    auto* runShortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this);
    runShortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(runShortcut, &QShortcut::activated, this, &RequestConsole::run);
    auto* nextShortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return), this);
    nextShortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(nextShortcut, &QShortcut::activated, this, &RequestConsole::nextPage);

    connect(operation_, &QComboBox::currentIndexChanged, this, &RequestConsole::operationChanged);
    connect(transactAction_, &QComboBox::currentIndexChanged, this, &RequestConsole::operationChanged);
    connect(table_, &QComboBox::currentIndexChanged, this, &RequestConsole::tableChanged);
    connect(index_, &QComboBox::currentIndexChanged, this, &RequestConsole::formEdited);
    connect(statement_, &QPlainTextEdit::textChanged, this, &RequestConsole::formEdited);
    for (QLineEdit* e : {partitionValue_, sortValue_, limit_, parameters_})
        connect(e, &QLineEdit::textChanged, this, &RequestConsole::formEdited);
    for (ExpressionEdit* e : {keyCondition_, filter_, projection_, condition_, update_})
        connect(e, &QLineEdit::textChanged, this, &RequestConsole::formEdited);
    connect(item_, &QPlainTextEdit::textChanged, this, &RequestConsole::formEdited);
    connect(names_, &QTableWidget::itemChanged, this, &RequestConsole::formEdited);
    connect(values_, &QTableWidget::itemChanged, this, &RequestConsole::formEdited);
    for (QCheckBox* c : {scanIndexForward_, consistentRead_}) connect(c, &QCheckBox::toggled, this, &RequestConsole::formEdited);
    for (QComboBox* c : {returnValues_, capacity_})
        connect(c, &QComboBox::currentIndexChanged, this, &RequestConsole::formEdited);
}

}  // namespace keyplan::widgets
