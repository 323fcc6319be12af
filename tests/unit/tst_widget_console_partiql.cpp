// The request console's PartiQL mode typed into with QTest against a real in-memory store: a SELECT
// by key, on a GSI by "Table"."Index", a full-table SELECT paged by Limit and NextToken, an INSERT
// then a SELECT, DynamoDB's texts for bad statements, a statement handed whole to a store that
// forwards it, and what the statement editor completes.
#include "ConsoleTestSupport.h"
#include "ScanCountingStore.h"
#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"
#include "widgets/common/Icons.h"
#include "widgets/console/ConsoleForm.h"
#include "widgets/console/RequestConsole.h"
#include "widgets/console/ResultItemsModel.h"
#include "widgets/console/StatementCompletion.h"
#include "widgets/console/StatementEdit.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QCompleter>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QtTest>

using namespace keyplan;
using namespace keyplan::test;
using widgets::ConsoleOperation;

namespace {

template <class T>
T* child(QWidget& parent, const char* name)
{
    T* w = parent.findChild<T*>(QLatin1String(name));
    if (!w) qFatal("no child %s", name);
    return w;
}

// Runs what the console holds and waits for it; the run's `wrote` flag.
bool runAndWait(widgets::RequestConsole& console, bool* wrote = nullptr)
{
    QSignalSpy finished(&console, &widgets::RequestConsole::requestFinished);
    QTest::mouseClick(child<QPushButton>(console, "run"), Qt::LeftButton);
    if (!finished.wait(10000)) return false;
    if (wrote) *wrote = finished.first().first().toBool();
    return true;
}

bool nextPageAndWait(widgets::RequestConsole& console)
{
    QSignalSpy finished(&console, &widgets::RequestConsole::requestFinished);
    QTest::mouseClick(child<QPushButton>(console, "nextPage"), Qt::LeftButton);
    return finished.wait(10000);
}

QStringList columns(const widgets::ResultItemsModel& model)
{
    QStringList out;
    for (int c = 0; c < model.columnCount(); ++c) out << model.columnAttribute(c);
    return out;
}

QString cell(const widgets::ResultItemsModel& model, int row, const QString& attribute)
{
    const int column = int(columns(model).indexOf(attribute));
    return column < 0 ? QString() : model.index(row, column).data().toString();
}

// Shop with customers whose status feeds GSI1 (GSI1PK = STATUS#gold or STATUS#basic).
std::unique_ptr<engine::SqliteStore> statusStore(int customers)
{
    auto store = shopStore();
    for (int c = 0; c < customers; ++c)
        store->putItem(put("Shop", {{"PK", S("CUST#" + std::to_string(c))},
                                    {"SK", S("PROFILE")},
                                    {"GSI1PK", S(c % 2 ? "STATUS#gold" : "STATUS#basic")},
                                    {"visits", N(std::to_string(c * 3))}}));
    return store;
}

// A store that hands every statement to "its endpoint" whole, as RemoteStore does, and records it.
class ForwardingStore final : public ScanCountingStore {
public:
    using ScanCountingStore::ScanCountingStore;
    std::vector<std::string> forwarded;
    std::optional<store::ExecuteStatementResponse> forwardStatement(const store::ExecuteStatementRequest& r) override
    {
        forwarded.push_back(r.statement);
        store::ExecuteStatementResponse response;
        response.items = {{{"PK", S("from the endpoint")}}};
        return response;
    }
};

}  // namespace

class WidgetConsolePartiqlTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { widgets::initResources(); }
    void shouldSelectAnItemByItsKeyWithParameters();
    void shouldSelectOnAGsiNamedTableDotIndex();
    void shouldPageAFullTableSelectByNextToken();
    void shouldInsertAnItemThenSelectIt();
    void shouldShowDynamoDbsTextForABadStatement_data();
    void shouldShowDynamoDbsTextForABadStatement();
    void shouldCheckTheStatementAsItIsTyped();
    void shouldHandTheStatementWholeToAStoreThatForwardsIt();
    void shouldOfferNamesWhereTheStatementNeedsThem_data();
    void shouldOfferNamesWhereTheStatementNeedsThem();
    void shouldCompleteTableIndexAndAttributeNamesInTheEditor();
    void shouldRunOnTheFirstClickWhileTheCompletionsAreOpen();
    void shouldReachThePartiqlModeByKeyboard();
    void shouldCopyTheStatementAsCode();
};

// moc (Qt 6.4) loses track of classes in files with some raw string literals.
#ifndef Q_MOC_RUN

void WidgetConsolePartiqlTest::shouldSelectAnItemByItsKeyWithParameters()
{
    auto store = shopStore(3);
    widgets::RequestConsole console(*store);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.setStatement(R"(SELECT * FROM "Shop" WHERE PK = ? AND SK = ?)", R"([{"S": "CUST#1"}, {"S": "PROFILE"}])");
    QCOMPARE(json(console.currentRequest()),
             QStringLiteral(R"({"Statement":"SELECT * FROM \"Shop\" WHERE PK = ? AND SK = ?","Parameters":[{"S":"CUST#1"},)"
                            R"({"S":"PROFILE"}],"ReturnConsumedCapacity":"INDEXES"})"));
    bool wrote = true;
    QVERIFY(runAndWait(console, &wrote));
    QVERIFY2(console.errorText().isEmpty(), qPrintable(console.errorText()));
    QVERIFY(!wrote);
    const auto& model = *console.resultModel();
    QCOMPARE(model.rowCount(), 1);
    // The table's keys lead the grid, as for a GetItem.
    QCOMPARE(columns(model).mid(0, 2), (QStringList{"PK", "SK"}));
    QCOMPARE(cell(model, 0, "status"), QStringLiteral("gold"));
    // A key SELECT is a GetItem: half a read unit, eventually consistent.
    QVERIFY2(console.summaryText().startsWith(QStringLiteral("1 item \u00b7 consumed 0.5 read units on Shop")),
             qPrintable(console.summaryText()));
    QVERIFY(!console.hasNextPage());
    QVERIFY(console.responseJson().startsWith(QStringLiteral("{\"ConsumedCapacity\":")));
}

void WidgetConsolePartiqlTest::shouldSelectOnAGsiNamedTableDotIndex()
{
    auto store = statusStore(6);
    widgets::RequestConsole console(*store);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.setStatement(R"(SELECT PK, GSI1PK, visits FROM "Shop"."GSI1" WHERE GSI1PK = 'STATUS#gold')");
    QVERIFY(runAndWait(console));
    QVERIFY2(console.errorText().isEmpty(), qPrintable(console.errorText()));
    const auto& model = *console.resultModel();
    QCOMPARE(model.rowCount(), 3);
    // The index's key leads, then the table's.
    QCOMPARE(columns(model), (QStringList{"GSI1PK", "PK", "visits"}));
    QSet<QString> customers;
    for (int r = 0; r < model.rowCount(); ++r) {
        QCOMPARE(cell(model, r, "GSI1PK"), QStringLiteral("STATUS#gold"));
        customers.insert(cell(model, r, "PK"));
    }
    QCOMPARE(customers, (QSet<QString>{"CUST#1", "CUST#3", "CUST#5"}));
    QVERIFY2(console.summaryText().contains(QStringLiteral("GSI1")), qPrintable(console.summaryText()));
}

void WidgetConsolePartiqlTest::shouldPageAFullTableSelectByNextToken()
{
    auto store = shopStore(5);
    widgets::RequestConsole console(*store);
    console.resize(1200, 700);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.setOperation(ConsoleOperation::ExecuteStatement);
    auto* statement = child<widgets::StatementEdit>(console, "statement");
    statement->setFocus();
    QTest::keyClicks(statement, R"(SELECT PK, visits FROM "Shop")");
    QTest::keyClick(statement->wordCompleter()->popup(), Qt::Key_Escape);
    QCOMPARE(statement->toPlainText(), QStringLiteral(R"(SELECT PK, visits FROM "Shop")"));
    QTest::keyClicks(child<QLineEdit>(console, "limit"), "2");

    QSet<QString> seen;
    QVERIFY(runAndWait(console));
    int page = 1;
    for (;; ++page) {
        QCOMPARE(console.pageNumber(), page);
        QVERIFY2(console.errorText().isEmpty(), qPrintable(console.errorText()));
        QVERIFY(console.resultModel()->rowCount() <= 2);
        for (int r = 0; r < console.resultModel()->rowCount(); ++r) seen.insert(cell(*console.resultModel(), r, "PK"));
        // A full-table SELECT is a Scan, priced as one.
        QVERIFY2(console.summaryText().contains(QStringLiteral("read units on Shop (table ")), qPrintable(console.summaryText()));
        QCOMPARE(console.responseJson().contains(QStringLiteral("\"NextToken\"")), console.hasNextPage());
        QCOMPARE(console.summaryText().endsWith(QStringLiteral("more items: NextToken")), console.hasNextPage());
        if (!console.hasNextPage()) break;
        QVERIFY(child<QPushButton>(console, "nextPage")->isEnabled());
        QVERIFY(nextPageAndWait(console));
        QVERIFY(page < 10);
    }
    QCOMPARE(seen.size(), 5);
    QCOMPARE(page, 3);
    QVERIFY(!child<QPushButton>(console, "nextPage")->isEnabled());
    // The request of a later page carried the token: an edit starts from the first page again.
    QVERIFY(json(console.currentRequest()).contains(QStringLiteral("\"NextToken\":")));
    QTest::keyClicks(statement, " ");
    QVERIFY(!json(console.currentRequest()).contains(QStringLiteral("NextToken")));
}

void WidgetConsolePartiqlTest::shouldInsertAnItemThenSelectIt()
{
    auto store = shopStore();
    widgets::RequestConsole console(*store);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.setStatement(R"(INSERT INTO "Shop" VALUE {'PK': 'CUST#9', 'SK': 'PROFILE', 'name': ?, 'visits': 4})",
                         R"([{"S": "Ada"}])");
    bool wrote = false;
    QVERIFY(runAndWait(console, &wrote));
    QVERIFY2(console.errorText().isEmpty(), qPrintable(console.errorText()));
    QVERIFY(wrote);  // the layouts are told the store changed
    QVERIFY2(console.summaryText().startsWith(QStringLiteral("Statement ran \u00b7 consumed 1 write unit on Shop")),
             qPrintable(console.summaryText()));
    store::GetItemRequest get;
    get.tableName = "Shop";
    get.key = {{"PK", S("CUST#9")}, {"SK", S("PROFILE")}};
    const auto got = store->getItem(get);
    QVERIFY(got.item);
    QCOMPARE(debug(*got.item), debug({{"PK", S("CUST#9")}, {"SK", S("PROFILE")}, {"name", S("Ada")}, {"visits", N("4")}}));

    console.setStatement(R"(SELECT * FROM "Shop" WHERE PK = 'CUST#9')");
    QVERIFY(runAndWait(console, &wrote));
    QVERIFY(!wrote);
    QCOMPARE(console.resultModel()->rowCount(), 1);
    QCOMPARE(cell(*console.resultModel(), 0, "name"), QStringLiteral("Ada"));
    QCOMPARE(cell(*console.resultModel(), 0, "visits"), QStringLiteral("4"));
    // What the run read feeds the completion of later statements.
    QVERIFY(console.knownAttributes("Shop").contains("name"));
}

void WidgetConsolePartiqlTest::shouldShowDynamoDbsTextForABadStatement_data()
{
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QString>("error");
    QTest::newRow("a syntax error")
        << R"(SELEC * FROM "Shop")"
        << R"(ValidationException: Statement wasn't well formed, can't be processed: SELEC * FROM "Shop")";
    QTest::newRow("an alias") << R"(SELECT PK FROM "Shop" s)"
                              << "ValidationException: Aliasing is not supported";
    QTest::newRow("an existing key inserted") << R"(INSERT INTO "Shop" VALUE {'PK': 'CUST#0', 'SK': 'PROFILE'})"
                                              << "DuplicateItemException: Duplicate primary key exists in table";
}

void WidgetConsolePartiqlTest::shouldShowDynamoDbsTextForABadStatement()
{
    QFETCH(QString, statement);
    QFETCH(QString, error);
    auto store = shopStore(1);
    widgets::RequestConsole console(*store);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.setStatement(statement);
    // The statement is sent as typed: DynamoDB (the store) says what is wrong with it.
    QVERIFY(console.currentRequest().request.has_value());
    QVERIFY(runAndWait(console));
    QCOMPARE(console.errorText(), error);
    QVERIFY(child<QLabel>(console, "error")->isVisible());
    QCOMPARE(console.resultModel()->rowCount(), 0);
    QVERIFY(!console.hasNextPage());
    QVERIFY2(console.summaryText().startsWith(QStringLiteral("Failed after")), qPrintable(console.summaryText()));
}

void WidgetConsolePartiqlTest::shouldCheckTheStatementAsItIsTyped()
{
    auto store = shopStore();
    widgets::RequestConsole console(*store);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.setOperation(ConsoleOperation::ExecuteStatement);
    auto* statement = child<widgets::StatementEdit>(console, "statement");
    statement->setFocus();
    QTest::keyClicks(statement, "SELECT * FROM");
    QCOMPARE(console.problemsText(), QStringLiteral("Statement wasn't well formed, can't be processed: SELECT * FROM"));
    QTest::keyClicks(statement, " t");
    QCOMPARE(console.problemsText(), QString());
    // Parameters that are not a list of attribute values block the run, with the reason.
    QTest::keyClicks(child<QLineEdit>(console, "parameters"), R"([{"S": 1}])");
    QVERIFY(!console.currentRequest().request);
    QVERIFY2(console.problemsText().startsWith(QStringLiteral("Parameter 1: ")), qPrintable(console.problemsText()));
}

void WidgetConsolePartiqlTest::shouldHandTheStatementWholeToAStoreThatForwardsIt()
{
    auto inner = shopStore(2);
    ForwardingStore store(*inner);
    widgets::RequestConsole console(store);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.setStatement(R"(SELECT * FROM "Shop")");
    QVERIFY(runAndWait(console));
    QCOMPARE(store.forwarded, std::vector<std::string>{R"(SELECT * FROM "Shop")"});
    QCOMPARE(store.scans.load(), 0);  // not run here as a Scan
    QCOMPARE(cell(*console.resultModel(), 0, "PK"), QStringLiteral("from the endpoint"));
}

void WidgetConsolePartiqlTest::shouldOfferNamesWhereTheStatementNeedsThem_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QStringList>("words");
    QTest::newRow("the first word") << "SEL"
                                    << "SEL" << QStringList{"SELECT"};
    QTest::newRow("tables after FROM") << R"(SELECT * FROM ")"
                                       << R"(")"
                                       << QStringList{R"("Orders")", R"("Orders"."ByStatus")", R"("Orders"."ByDay")", R"("Shop")",
                                                      R"("Shop"."GSI1")"};
    QTest::newRow("a bare table name typed") << "DELETE FROM Sh"
                                             << "Sh" << QStringList{R"("Shop")", R"("Shop"."GSI1")"};
    QTest::newRow("an index after the table") << R"(SELECT * FROM "Orders".)"
                                              << R"("Orders".)" << QStringList{R"("Orders"."ByStatus")", R"("Orders"."ByDay")"};
    QTest::newRow("an index begun") << R"(SELECT * FROM "Orders"."ByS)"
                                    << R"("Orders"."ByS)" << QStringList{R"("Orders"."ByStatus")"};
    QTest::newRow("a table after INTO") << R"(INSERT INTO "O)"
                                        << R"("O)" << QStringList{R"("Orders")", R"("Orders"."ByStatus")", R"("Orders"."ByDay")"};
    QTest::newRow("the table's attributes in WHERE") << R"(SELECT * FROM "Orders" WHERE st)"
                                                     << "st" << QStringList{"status", "statusNote"};
    QTest::newRow("a reserved word quoted") << R"(UPDATE "Orders" SET da)"
                                            << "da" << QStringList{R"("date")"};
    QTest::newRow("a quote begun") << R"(SELECT * FROM "Orders" WHERE "st)"
                                   << R"("st)" << QStringList{R"("status")", R"("statusNote")"};
    QTest::newRow("keywords too") << R"(SELECT * FROM "Orders" WH)"
                                  << "WH" << QStringList{"WHERE"};
    QTest::newRow("the projection, before FROM") << "SELECT vis"
                                                 << "vis" << QStringList{"visits"};
    QTest::newRow("nothing in a string") << R"(SELECT * FROM "Orders" WHERE status = 'st)"
                                         << "" << QStringList{};
}

void WidgetConsolePartiqlTest::shouldOfferNamesWhereTheStatementNeedsThem()
{
    QFETCH(QString, text);
    QFETCH(QString, prefix);
    QFETCH(QStringList, words);
    widgets::StatementCatalog catalog;
    catalog.tables = {{"Orders", {"ByStatus", "ByDay"}, {"PK", "SK", "date", "status", "statusNote"}},
                      {"Shop", {"GSI1"}, {"PK", "SK", "visits"}}};
    const widgets::StatementCompletion completion = widgets::completeStatement(text, int(text.size()), catalog);
    QCOMPARE(completion.prefix, prefix);
    QCOMPARE(completion.start, int(text.size() - prefix.size()));
    QCOMPARE(completion.words, words);
}

void WidgetConsolePartiqlTest::shouldCompleteTableIndexAndAttributeNamesInTheEditor()
{
    auto store = shopStore(2);
    widgets::RequestConsole console(*store);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    // What the window feeds from the design and the layouts.
    console.addKnownAttributes("Shop", {"status", "statusChangedAt"});
    console.setOperation(ConsoleOperation::ExecuteStatement);
    auto* statement = child<widgets::StatementEdit>(console, "statement");
    statement->setFocus();
    QCompleter* completer = statement->wordCompleter();
    auto offered = [&] {
        QStringList out;
        for (int i = 0; completer->setCurrentRow(i); ++i) out << completer->currentCompletion();
        return out;
    };
    auto choose = [&](int row) {
        completer->popup()->setCurrentIndex(completer->completionModel()->index(row, 0));
        QTest::keyClick(completer->popup(), Qt::Key_Return);
    };

    QTest::keyClicks(statement, "SELECT * FROM \"");
    QTRY_VERIFY(completer->popup()->isVisible());
    QCOMPARE(offered(), (QStringList{R"("Shop")", R"("Shop"."GSI1")"}));
    choose(1);
    QCOMPARE(statement->toPlainText(), QStringLiteral(R"(SELECT * FROM "Shop"."GSI1")"));

    QTest::keyClicks(statement, " WHERE stat");
    QTRY_VERIFY(completer->popup()->isVisible());
    QCOMPARE(offered(), (QStringList{"status", "statusChangedAt"}));
    choose(0);
    QCOMPARE(statement->toPlainText(), QStringLiteral(R"(SELECT * FROM "Shop"."GSI1" WHERE status)"));

    // Ctrl+Space asks: after WHERE ... the key attributes DescribeTable gave are there too.
    QTest::keyClicks(statement, " = 'gold' AND ");
    QTest::keyClick(statement, Qt::Key_Space, Qt::ControlModifier);
    QTRY_VERIFY(completer->popup()->isVisible());
    QVERIFY(offered().contains("GSI1PK"));
    QVERIFY(offered().contains("PK"));
    QTest::keyClick(completer->popup(), Qt::Key_Escape);
    QVERIFY(!completer->popup()->isVisible());
}

void WidgetConsolePartiqlTest::shouldRunOnTheFirstClickWhileTheCompletionsAreOpen()
{
    auto store = shopStore(2);
    widgets::RequestConsole console(*store);
    console.resize(1200, 800);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.setOperation(ConsoleOperation::ExecuteStatement);
    auto* statement = child<widgets::StatementEdit>(console, "statement");
    statement->setFocus();
    QTest::keyClicks(statement, R"(SELECT * FROM "Shop")");
    QAbstractItemView* popup = statement->wordCompleter()->popup();
    QTRY_VERIFY(popup->isVisible());  // "Shop"."GSI1" is offered
    // An open popup grabs the mouse: the press on Run arrives at the list, outside its own area.
    QSignalSpy finished(&console, &widgets::RequestConsole::requestFinished);
    auto* run = child<QPushButton>(console, "run");
    const QPoint onRun = popup->mapFromGlobal(run->mapToGlobal(run->rect().center()));
    QVERIFY(!popup->rect().contains(onRun));
    QTest::mouseClick(popup, Qt::LeftButton, {}, onRun);
    QVERIFY(!popup->isVisible());
    QVERIFY(finished.count() == 1 || finished.wait(10000));
    QCOMPARE(statement->toPlainText(), QStringLiteral(R"(SELECT * FROM "Shop")"));
    QCOMPARE(console.resultModel()->rowCount(), 2);
}

void WidgetConsolePartiqlTest::shouldReachThePartiqlModeByKeyboard()
{
    auto store = shopStore();
    widgets::RequestConsole console(*store);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    // The console's focus lands on the operation; E picks ExecuteStatement, Tab goes on to the statement.
    console.setFocus();
    auto* operation = child<QComboBox>(console, "operation");
    QTRY_VERIFY(operation->hasFocus());
    QTest::keyClick(operation, Qt::Key_E);
    QCOMPARE(console.form().operation, ConsoleOperation::ExecuteStatement);
    auto* statement = child<widgets::StatementEdit>(console, "statement");
    auto* parameters = child<QLineEdit>(console, "parameters");
    QVERIFY(statement->isVisible());
    QVERIFY(parameters->isVisible());
    QVERIFY(!child<QComboBox>(console, "table")->isVisible());
    QTest::keyClick(operation, Qt::Key_Tab);
    QTRY_VERIFY(statement->hasFocus());
    QTest::keyClicks(statement, R"(SELECT * FROM "Shop")");
    QTest::keyClick(statement->wordCompleter()->popup(), Qt::Key_Escape);
    // Tab leaves the statement for its parameters rather than typing a tab.
    QTest::keyClick(statement, Qt::Key_Tab);
    QTRY_VERIFY(parameters->hasFocus());
    QCOMPARE(statement->toPlainText(), QStringLiteral(R"(SELECT * FROM "Shop")"));
    // Ctrl+Return runs from the editor.
    statement->setFocus();
    QSignalSpy finished(&console, &widgets::RequestConsole::requestFinished);
    QTest::keyClick(statement, Qt::Key_Return, Qt::ControlModifier);
    QVERIFY(finished.wait(10000));
    QVERIFY2(console.errorText().isEmpty(), qPrintable(console.errorText()));
    for (QWidget* w : std::initializer_list<QWidget*>{statement, parameters, operation})
        QVERIFY2(!w->accessibleName().isEmpty(), qPrintable(w->objectName()));
}

void WidgetConsolePartiqlTest::shouldCopyTheStatementAsCode()
{
    auto store = shopStore();
    widgets::RequestConsole console(*store);
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.setStatement(R"(SELECT * FROM "Shop" WHERE PK = ?)", R"([{"S": "CUST#1"}])");
    QVERIFY2(console.pythonCode().contains(QStringLiteral("execute_statement(")), qPrintable(console.pythonCode()));
    QVERIFY2(console.javascriptCode().contains(QStringLiteral("ExecuteStatementCommand")), qPrintable(console.javascriptCode()));
}

#endif  // Q_MOC_RUN

QTEST_MAIN(WidgetConsolePartiqlTest)
#include "tst_widget_console_partiql.moc"
