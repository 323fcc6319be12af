#include "widgets/console/RequestConsole.h"

#include "store/KeySchema.h"
#include "store/Store.h"
#include "jobs/Job.h"
#include "widgets/common/Icons.h"
#include "style/Theme.h"
#include "widgets/common/ValueText.h"
#include "widgets/console/ConsoleForm.h"
#include "widgets/console/ConsoleRun.h"
#include "widgets/console/ExpressionEdit.h"
#include "widgets/console/ResultItemsModel.h"
#include "widgets/console/ResultItemsModelItems.h"
#include "widgets/console/StatementCompletion.h"
#include "widgets/console/StatementEdit.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
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

#include <algorithm>
#include <map>

namespace keyplan::widgets {

using dynamo::Item;

struct RequestConsole::State {
    std::map<std::string, store::TableDescription> tables;
    std::vector<store::TransactWriteItem> transaction;
    std::optional<Item> startKey;  // ExclusiveStartKey of the run being made
    std::optional<Item> lastEvaluatedKey;
    std::optional<std::string> startToken;  // a statement's NextToken for the run being made
    std::optional<std::string> nextToken;
    std::string responseJson;
    QString summary;
    QString error;

    const store::TableDescription* table(const QString& name) const
    {
        auto it = tables.find(name.toStdString());
        return it == tables.end() ? nullptr : &it->second;
    }
};

namespace {

std::map<std::string, store::TableDescription> describeAll(store::Store& store)
{
    std::map<std::string, store::TableDescription> out;
    for (store::TableDescription& t : store::describeAllTables(store)) out[t.tableName] = std::move(t);
    return out;
}

QString units(double u) { return QString::number(u, 'g', 12); }

QString capacityText(const std::vector<store::ConsumedCapacity>& consumed, bool read)
{
    QStringList parts;
    for (const auto& c : consumed) {
        QString text = QStringLiteral("%1 %2 %3 on %4")
                           .arg(units(c.capacityUnits), read ? QStringLiteral("read") : QStringLiteral("write"),
                                c.capacityUnits == 1 ? QStringLiteral("unit") : QStringLiteral("units"),
                                QString::fromStdString(c.tableName));
        QStringList detail;
        if (c.table) detail << QStringLiteral("table %1").arg(units(c.table->capacityUnits));
        for (const auto& [name, cap] : c.globalSecondaryIndexes)
            detail << QStringLiteral("%1 %2").arg(QString::fromStdString(name), units(cap.capacityUnits));
        for (const auto& [name, cap] : c.localSecondaryIndexes)
            detail << QStringLiteral("%1 %2").arg(QString::fromStdString(name), units(cap.capacityUnits));
        if (!detail.isEmpty()) text += QStringLiteral(" (%1)").arg(detail.join(QStringLiteral(", ")));
        parts << text;
    }
    return parts.join(QStringLiteral("; "));
}

QStringList keywordsFor(FormField field)
{
    switch (field) {
    case FormField::KeyCondition: return {"AND", "BETWEEN", "begins_with"};
    case FormField::Filter:
    case FormField::Condition:
        return {"AND",         "OR",       "NOT", "BETWEEN", "IN", "attribute_exists", "attribute_not_exists", "attribute_type",
                "begins_with", "contains", "size"};
    case FormField::Update: return {"SET", "REMOVE", "ADD", "DELETE", "if_not_exists", "list_append"};
    default: return {};
    }
}

QString shortJson(const Item& item)
{
    QString s = QString::fromStdString(toDynamoJson(item));
    return s.size() > 90 ? s.left(89) + QChar(0x2026) : s;
}

}  // namespace

// ---- Construction -----------------------------------------------------------------------------

RequestConsole::RequestConsole(store::Store& store, QWidget* parent)
    : QWidget(parent), store_(store), state_(std::make_unique<State>())
{
    setAccessibleName(tr("Request console"));
    buildForm();
    operationChanged();
    reloadTables();
}

RequestConsole::~RequestConsole() = default;

// ---- Form state -------------------------------------------------------------------------------

ConsoleForm RequestConsole::form() const
{
    ConsoleForm f;
    f.operation = static_cast<ConsoleOperation>(operation_->currentData().toInt());
    f.action = static_cast<TransactAction>(transactAction_->currentData().toInt());
    f.table = table_->currentText();
    f.index = index_->currentIndex() > 0 ? index_->currentText() : QString();
    f.partitionValue = partitionValue_->text();
    f.sortValue = sortValue_->text();
    f.itemJson = item_->toPlainText();
    f.keyCondition = keyCondition_->text();
    f.filter = filter_->text();
    f.projection = projection_->text();
    f.condition = condition_->text();
    f.update = update_->text();
    f.statement = statement_->toPlainText();
    f.parametersJson = parameters_->text();
    for (int r = 0; r < names_->rowCount(); ++r) {
        const QString placeholder = names_->item(r, 0) ? names_->item(r, 0)->text() : QString();
        const QString name = names_->item(r, 1) ? names_->item(r, 1)->text() : QString();
        if (!placeholder.trimmed().isEmpty()) f.names.append({placeholder, name});
    }
    for (int r = 0; r < values_->rowCount(); ++r) {
        const QString placeholder = values_->item(r, 0) ? values_->item(r, 0)->text() : QString();
        const auto* type = qobject_cast<QComboBox*>(values_->cellWidget(r, 1));
        const QString text = values_->item(r, 2) ? values_->item(r, 2)->text() : QString();
        if (!placeholder.trimmed().isEmpty())
            f.values.append({placeholder, type ? type->currentText() : QStringLiteral("S"), text});
    }
    f.limit = limit_->text();
    f.scanIndexForward = scanIndexForward_->isChecked();
    f.consistentRead = consistentRead_->isChecked();
    f.returnValues = static_cast<store::ReturnValues>(returnValues_->currentData().toInt());
    f.capacity = static_cast<store::ReturnConsumedCapacity>(capacity_->currentData().toInt());
    f.exclusiveStartKey = state_->startKey;
    f.nextToken = state_->startToken;
    f.transactItems = state_->transaction;
    return f;
}

BuiltRequest RequestConsole::currentRequest() const
{
    const ConsoleForm f = form();
    return buildRequest(f, state_->table(f.table));
}

void RequestConsole::setOperation(ConsoleOperation operation)
{
    operation_->setCurrentIndex(operation_->findData(int(operation)));
}

int RequestConsole::capacityChoice() const { return capacity_->currentIndex(); }

void RequestConsole::setCapacityChoice(int choice)
{
    if (choice >= 0 && choice < capacity_->count()) capacity_->setCurrentIndex(choice);
}

void RequestConsole::setTable(const QString& table)
{
    const int i = table_->findText(table);
    if (i >= 0) table_->setCurrentIndex(i);
}

void RequestConsole::setStatement(const QString& statement, const QString& parametersJson)
{
    setOperation(ConsoleOperation::ExecuteStatement);
    statement_->setPlainText(statement);
    parameters_->setText(parametersJson);
}

QStringList RequestConsole::tables() const
{
    QStringList out;
    for (int i = 0; i < table_->count(); ++i) out << table_->itemText(i);
    return out;
}

void RequestConsole::addKnownAttributes(const QString& table, const QStringList& names)
{
    auto& set = known_[table];
    const qsizetype before = set.size();
    for (const auto& n : names) set.insert(n);
    // The PartiQL editor completes every table's attributes, not only the chosen table's.
    if (set.size() != before) updateCompletions();
}

QStringList RequestConsole::knownAttributes(const QString& table) const
{
    QStringList out;
    for (const auto& n : known_.value(table)) out << n;
    if (const auto* t = state_->table(table))
        for (const auto& a : t->attributeDefinitions) out << QString::fromStdString(a.attributeName);
    out.removeDuplicates();
    out.sort(Qt::CaseInsensitive);
    return out;
}

void RequestConsole::operationChanged()
{
    const auto op = static_cast<ConsoleOperation>(operation_->currentData().toInt());
    const auto action = static_cast<TransactAction>(transactAction_->currentData().toInt());
    // Rows are shown and hidden through their widgets: QFormLayout::setRowVisible corrupts
    // memory in Qt 6.4 (seen under valgrind in tst_widget_console).
    auto setRowVisible = [this](QWidget* field, bool visible) {
        if (QWidget* label = formLayout_->labelForField(field)) label->setVisible(visible);
        field->setVisible(visible);
    };
    auto show = [&](QWidget* w, FormField f) { setRowVisible(w, uses(op, action, f)); };
    setRowVisible(transactAction_, op == ConsoleOperation::TransactWriteItems);
    show(table_, FormField::Table);
    show(index_, FormField::Index);
    show(partitionValue_, FormField::PartitionValue);
    const auto* t = state_->table(table_->currentText());
    const bool hasSortKey = !t || !store::keyAttributeName(t->keySchema, store::KeyType::Range).empty();
    setRowVisible(sortValue_, uses(op, action, FormField::SortValue) && hasSortKey);
    show(item_, FormField::Item);
    show(keyConditionRow_, FormField::KeyCondition);
    show(filter_, FormField::Filter);
    show(projection_, FormField::Projection);
    show(condition_, FormField::Condition);
    show(update_, FormField::Update);
    show(names_, FormField::Names);
    show(values_, FormField::Values);
    show(limit_, FormField::Limit);
    show(scanIndexForward_, FormField::ScanIndexForward);
    show(consistentRead_, FormField::ConsistentRead);
    show(returnValues_, FormField::ReturnValues);
    show(transactionBox_, FormField::Transaction);
    show(statement_, FormField::Statement);
    show(parameters_, FormField::Parameters);
    run_->setText(op == ConsoleOperation::TransactWriteItems ? tr("Run transaction") : tr("Run"));
    formEdited();
}

void RequestConsole::tableChanged()
{
    const auto* t = state_->table(table_->currentText());
    updatingForm_ = true;
    index_->clear();
    index_->addItem(tr("(table)"));
    if (t) {
        for (const auto& g : t->globalSecondaryIndexes)
            index_->addItem(icon(QStringLiteral("index")), QString::fromStdString(g.indexName));
        for (const auto& l : t->localSecondaryIndexes)
            index_->addItem(icon(QStringLiteral("index")), QString::fromStdString(l.indexName));
        auto typeOf = [&](const std::string& name) {
            const store::ScalarAttributeType type = store::attributeTypeOf(*t, name);
            const QString text = QString::fromUtf8(store::scalarTypeName(type).data());
            return type == store::ScalarAttributeType::B ? text + QStringLiteral(", base64") : text;
        };
        for (const auto& k : t->keySchema) {
            const QString label = QStringLiteral("%1 (%2)").arg(QString::fromStdString(k.attributeName), typeOf(k.attributeName));
            (k.keyType == store::KeyType::Hash ? partitionLabel_ : sortLabel_)->setText(label);
        }
    }
    updatingForm_ = false;
    operationChanged();
    updateCompletions();
}

void RequestConsole::formEdited()
{
    if (updatingForm_) return;
    // A changed request starts from its first page again.
    state_->startKey.reset();
    state_->startToken.reset();
    // The last run's error (or "cannot be sent yet") was about the request as it was: the
    // fields' own marks speak for the request as it is now.
    if (!error_->isHidden()) {
        error_->setVisible(false);
        if (!state_->error.isEmpty()) {
            state_->error.clear();
            state_->responseJson.clear();
            response_->clear();
            state_->summary = tr("Changed since the last run, which failed; Run sends the request as it is now.");
            summary_->setText(state_->summary);
        }
    }
    setProblems();
    updateCompletions();
}

void RequestConsole::setProblems()
{
    const BuiltRequest built = currentRequest();
    QHash<int, QStringList> byField;
    QStringList all;
    for (const auto& p : built.problems) {
        byField[int(p.field)] << p.message;
        all << p.message;
    }
    const std::pair<ExpressionEdit*, FormField> edits[] = {{keyCondition_, FormField::KeyCondition},
                                                           {filter_, FormField::Filter},
                                                           {projection_, FormField::Projection},
                                                           {condition_, FormField::Condition},
                                                           {update_, FormField::Update}};
    for (const auto& [edit, field] : edits) edit->setProblem(byField.value(int(field)).join(QLatin1Char('\n')));
    all.removeDuplicates();
    problems_->setText(all.join(QLatin1Char('\n')));
    QPalette pal = problems_->palette();
    pal.setColor(QPalette::WindowText, warningColor(palette()));
    problems_->setPalette(pal);
    problems_->setVisible(!all.isEmpty());
    request_->setPlainText(built.request ? indentJson(requestJson(*built.request)) : QString());
    copyPython_->setEnabled(built.request.has_value());
    copyJavaScript_->setEnabled(built.request.has_value());
}

QString RequestConsole::problemsText() const
{
    return problems_->isVisible() || !problems_->text().isEmpty() ? problems_->text() : QString();
}

void RequestConsole::updateCompletions()
{
    const QStringList attributes = knownAttributes(table_->currentText());
    const ConsoleForm f = form();
    QStringList placeholders;
    for (const auto& n : f.names) placeholders << n.placeholder.trimmed();
    for (const auto& v : f.values) placeholders << v.placeholder.trimmed();
    const std::pair<ExpressionEdit*, FormField> edits[] = {{keyCondition_, FormField::KeyCondition},
                                                           {filter_, FormField::Filter},
                                                           {projection_, FormField::Projection},
                                                           {condition_, FormField::Condition},
                                                           {update_, FormField::Update}};
    for (const auto& [edit, field] : edits) edit->setCompletions(placeholders + attributes + keywordsFor(field));
    StatementCatalog catalog;
    for (const auto& [name, t] : state_->tables) {
        StatementCatalog::Table table{QString::fromStdString(name), {}, knownAttributes(QString::fromStdString(name))};
        for (const auto& g : t.globalSecondaryIndexes) table.indexes << QString::fromStdString(g.indexName);
        for (const auto& l : t.localSecondaryIndexes) table.indexes << QString::fromStdString(l.indexName);
        catalog.tables << table;
    }
    statement_->setCatalog(std::move(catalog));
}

void RequestConsole::fillKeyCondition()
{
    const auto* t = state_->table(table_->currentText());
    if (!t) return;
    const std::vector<store::KeySchemaElement>* indexKeys = index_->currentIndex() > 0
                                                                ? store::keySchemaOf(*t, index_->currentText().toStdString())
                                                                : nullptr;
    // Every HASH attribute: a multi-attribute key's partition is named attribute by attribute,
    // #pk1 = :pk1 AND #pk2 = :pk2.
    std::vector<std::string> hash;
    for (const auto& k : indexKeys ? *indexKeys : t->keySchema) {
        if (k.keyType == store::KeyType::Hash) hash.push_back(k.attributeName);
    }
    const ConsoleForm f = form();
    auto hasName = [&](const QString& p) {
        return std::any_of(f.names.begin(), f.names.end(), [&](const NameEntry& n) { return n.placeholder.trimmed() == p; });
    };
    auto hasValue = [&](const QString& p) {
        return std::any_of(f.values.begin(), f.values.end(), [&](const ValueEntry& v) { return v.placeholder.trimmed() == p; });
    };
    QStringList clauses;
    for (size_t i = 0; i < hash.size(); ++i) {
        const QString suffix = hash.size() == 1 ? QString() : QString::number(i + 1);
        const QString name = QStringLiteral("#pk") + suffix, value = QStringLiteral(":pk") + suffix;
        const QString type = QString::fromUtf8(store::scalarTypeName(store::attributeTypeOf(*t, hash[i])).data());
        if (!hasName(name)) {
            const int row = names_->rowCount() - 1;
            names_->item(row, 1)->setText(QString::fromStdString(hash[i]));
            names_->item(row, 0)->setText(name);
        }
        if (!hasValue(value)) {
            const int row = values_->rowCount() - 1;
            if (auto* combo = qobject_cast<QComboBox*>(values_->cellWidget(row, 1))) combo->setCurrentText(type);
            values_->item(row, 0)->setText(value);
        }
        clauses << name + QStringLiteral(" = ") + value;
    }
    if (keyCondition_->text().trimmed().isEmpty()) keyCondition_->setText(clauses.join(QStringLiteral(" AND ")));
    values_->setCurrentCell(values_->rowCount() - 1 - static_cast<int>(hash.size()), 2);
}

// ---- Transactions -----------------------------------------------------------------------------

void RequestConsole::addTransactAction()
{
    const ConsoleForm f = form();
    std::vector<FormProblem> problems;
    auto action = buildTransactAction(f, state_->table(f.table), &problems);
    if (!action) {
        QStringList messages;
        for (const auto& p : problems) messages << p.message;
        problems_->setText(messages.join(QLatin1Char('\n')));
        problems_->setVisible(true);
        return;
    }
    static const char* const kinds[] = {"ConditionCheck", "Put", "Delete", "Update"};
    transactList_->addItem(QStringLiteral("%1 %2 %3")
                               .arg(QLatin1String(kinds[int(action->kind)]), QString::fromStdString(action->tableName),
                                    shortJson(action->kind == store::TransactWriteKind::Put ? action->item : action->key)));
    state_->transaction.push_back(std::move(*action));
    formEdited();
}

void RequestConsole::removeTransactAction()
{
    const int row = transactList_->currentRow();
    if (row < 0 || row >= int(state_->transaction.size())) return;
    delete transactList_->takeItem(row);
    state_->transaction.erase(state_->transaction.begin() + row);
    formEdited();
}

// ---- Running ----------------------------------------------------------------------------------

bool RequestConsole::isRunning() const { return Jobs::instance().isBusy(this); }

bool RequestConsole::hasNextPage() const { return state_->lastEvaluatedKey || state_->nextToken; }

void RequestConsole::run()
{
    state_->startKey.reset();
    state_->startToken.reset();
    page_ = 1;
    startRun();
}

void RequestConsole::nextPage()
{
    if (!hasNextPage() || Jobs::instance().isBusy(this)) return;
    // A statement goes on from its NextToken, an operation from its LastEvaluatedKey.
    state_->startKey = state_->lastEvaluatedKey;
    state_->startToken = state_->nextToken;
    ++page_;
    startRun();
}

void RequestConsole::startRun()
{
    if (Jobs::instance().isBusy(this)) return;
    const ConsoleForm f = form();
    BuiltRequest built = buildRequest(f, state_->table(f.table));
    if (!built.request) {
        setProblems();
        error_->setText(tr("The request cannot be sent yet: %1").arg(problems_->text()));
        error_->setVisible(true);
        return;
    }
    run_->setEnabled(false);
    next_->setEnabled(false);
    summary_->setText(tr("Running %1\u2026").arg(QString::fromStdString(operationName(*built.request))));
    error_->setVisible(false);
    request_->setPlainText(indentJson(requestJson(*built.request)));
    Jobs::instance().run<ConsoleRun>(
        this, [&store = store_, request = std::move(*built.request)] { return executeConsoleRequest(store, request); },
        [this](Outcome<ConsoleRun> outcome) {
            if (outcome.ok()) {
                showRun(*outcome.value);
            } else {
                ConsoleRun failed;
                failed.errorName = outcome.errorName;
                failed.errorMessage = outcome.errorMessage;
                showRun(failed);
            }
        });
}

void RequestConsole::showRun(const ConsoleRun& r)
{
    run_->setEnabled(true);
    state_->responseJson = r.responseJson;
    response_->setPlainText(r.responseText.isEmpty() ? indentJson(r.responseJson) : r.responseText);
    const QString time = tr("%1 ms").arg(r.milliseconds, 0, 'f', r.milliseconds < 10 ? 1 : 0);
    if (!r.errorName.isEmpty()) {
        state_->lastEvaluatedKey.reset();
        state_->nextToken.reset();
        next_->setEnabled(false);
        results_->clear();
        state_->error = QStringLiteral("%1: %2").arg(r.errorName, r.errorMessage);
        error_->setText(state_->error);
        QPalette pal = error_->palette();
        pal.setColor(QPalette::WindowText, warningColor(palette()));
        error_->setPalette(pal);
        error_->setVisible(true);
        state_->summary = tr("Failed after %1").arg(time);
        summary_->setText(state_->summary);
        resultTabs_->setCurrentWidget(response_);
        Q_EMIT requestFinished(false);
        return;
    }
    state_->error.clear();
    error_->setVisible(false);

    // Key attributes lead the grid: the chosen table's or index's, or those the statement names.
    std::vector<std::string> keyNames;
    const ConsoleForm f = form();
    const StatementTarget target = r.isStatement ? statementTarget(f.statement) : StatementTarget{f.table, f.index};
    if (const auto* t = state_->table(target.table)) {
        if (!target.index.isEmpty()) {
            if (const auto* keys = store::keySchemaOf(*t, target.index.toStdString()))
                for (const auto& k : *keys) keyNames.push_back(k.attributeName);
        }
        for (const auto& k : t->keySchema) keyNames.push_back(k.attributeName);
    }
    results_->setItems(r.items, keyNames);
    QStringList seen;
    for (int c = 0; c < results_->columnCount(); ++c) seen << results_->columnAttribute(c);
    if (!target.table.isEmpty()) addKnownAttributes(target.table, seen);

    state_->summary = runSummary(r, f);
    summary_->setText(state_->summary);
    state_->lastEvaluatedKey = r.lastEvaluatedKey;
    state_->nextToken = r.nextToken;
    next_->setEnabled(hasNextPage());
    if (r.items->items.empty() && !r.hasCounts && !r.isGet && !(r.isStatement && r.read))
        resultTabs_->setCurrentWidget(response_);
    else resultTabs_->setCurrentWidget(grid_);
    if (r.wrote && f.operation == ConsoleOperation::TransactWriteItems) {
        state_->transaction.clear();
        transactList_->clear();
    }
    Q_EMIT requestFinished(r.wrote);
}

QString RequestConsole::runSummary(const ConsoleRun& r, const ConsoleForm& f) const
{
    const QString time = tr("%1 ms").arg(r.milliseconds, 0, 'f', r.milliseconds < 10 ? 1 : 0);
    QStringList parts;
    if (r.hasCounts) {
        parts << tr("Count %1").arg(groupedNumber(r.count)) << tr("ScannedCount %1").arg(groupedNumber(r.scannedCount));
        if (page_ > 1) parts << tr("page %1").arg(page_);
    } else if (r.isStatement && r.read) {
        parts << (r.items->items.size() == 1 ? tr("1 item") : tr("%1 items").arg(groupedNumber(int64_t(r.items->items.size()))));
        if (page_ > 1) parts << tr("page %1").arg(page_);
    } else if (r.isStatement) {
        parts << tr("Statement ran");
    } else if (r.isGet) {
        parts << (r.itemFound ? tr("Item found") : tr("No item with that key"));
    } else if (f.operation == ConsoleOperation::TransactWriteItems) {
        parts << (f.transactItems.size() == 1 ? tr("Transaction of 1 action committed")
                                              : tr("Transaction of %1 actions committed").arg(f.transactItems.size()));
    } else {
        parts << tr("Written");
    }
    const QString capacity = capacityText(r.consumed, r.read);
    if (!capacity.isEmpty()) parts << tr("consumed %1").arg(capacity);
    parts << time;
    if (r.lastEvaluatedKey) parts << tr("more items: LastEvaluatedKey %1").arg(shortJson(*r.lastEvaluatedKey));
    if (r.nextToken) parts << tr("more items: NextToken");
    return parts.join(QStringLiteral(" \u00b7 "));
}

QString RequestConsole::summaryText() const { return state_->summary; }

QString RequestConsole::errorText() const { return state_->error; }

QString RequestConsole::responseJson() const { return QString::fromStdString(state_->responseJson); }

// ---- Tables and code --------------------------------------------------------------------------

void RequestConsole::reloadTables()
{
    Jobs::instance().run<std::map<std::string, store::TableDescription>>(
        this, [&store = store_] { return describeAll(store); },
        [this](Outcome<std::map<std::string, store::TableDescription>> outcome) {
            if (!outcome.ok()) {
                error_->setText(outcome.errorText());
                error_->setVisible(true);
                return;
            }
            const QString current = table_->currentText();
            state_->tables = std::move(*outcome.value);
            updatingForm_ = true;
            table_->clear();
            for (const auto& [name, description] : state_->tables)
                table_->addItem(icon(QStringLiteral("table")), QString::fromStdString(name));
            const int keep = table_->findText(current);
            table_->setCurrentIndex(keep >= 0 ? keep : 0);
            updatingForm_ = false;
            tableChanged();
        });
}

QString RequestConsole::pythonCode() const
{
    const BuiltRequest built = currentRequest();
    return built.request ? QString::fromStdString(boto3Code(*built.request)) : QString();
}

QString RequestConsole::javascriptCode() const
{
    const BuiltRequest built = currentRequest();
    return built.request ? QString::fromStdString(javascriptV3Code(*built.request)) : QString();
}

void RequestConsole::copyPython()
{
    const QString code = pythonCode();
    if (code.isEmpty()) return;
    QApplication::clipboard()->setText(code);
    Q_EMIT copied(tr("boto3 code"));
}

void RequestConsole::copyJavaScript()
{
    const QString code = javascriptCode();
    if (code.isEmpty()) return;
    QApplication::clipboard()->setText(code);
    Q_EMIT copied(tr("AWS SDK for JavaScript v3 code"));
}

}  // namespace keyplan::widgets
