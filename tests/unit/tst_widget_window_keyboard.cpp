// The window from the keyboard and for assistive technology: every action has a keyboard path (a menu
// entry, a shortcut, or a button that takes focus), no two shortcuts collide, Help > Keyboard shortcuts
// lists them all, the tables, the tree and the layouts move with the arrow keys, and every widget that
// takes focus has an accessible name (walked through the QAccessible tree, as a screen reader sees it).
#include "MainWindow.h"
#include "PrivateHome.h"

#include "document/DesignDocument.h"
#include "engine/SqliteStore.h"
#include "widgets/common/Icons.h"
#include "widgets/common/ShortcutsDialog.h"
#include "widgets/layout/ExampleLayoutView.h"
#include "widgets/store/StoreSwitch.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAccessible>
#include <QDir>
#include <QDockWidget>
#include <QMenuBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTableWidget>
#include <QtTest>

using namespace keyplan;

namespace {

bool inMenus(const QAction* action, const QMenu* menu)
{
    for (const QAction* a : menu->actions()) {
        if (a == action) return true;
        if (a->menu() && inMenus(action, a->menu())) return true;
    }
    return false;
}

bool inMenuBar(const QAction* action, const QMainWindow& window)
{
    for (const QAction* top : window.menuBar()->actions()) {
        if (top == action || (top->menu() && inMenus(action, top->menu()))) return true;
    }
    return false;
}

// A button the action shows as, that Tab reaches.
bool onAFocusableButton(const QAction* action)
{
    for (QObject* o : action->associatedObjects()) {
        const auto* button = qobject_cast<const QAbstractButton*>(o);
        if (button && (button->focusPolicy() & Qt::TabFocus)) return true;
    }
    return false;
}

// "QLineEdit \"name\" in EntitiesView \"entitiesView\"": the widget and the nearest named ancestor.
QString describe(const QObject* o)
{
    QString text = QStringLiteral("%1 \"%2\"").arg(QString::fromLatin1(o->metaObject()->className()), o->objectName());
    for (const QObject* p = o->parent(); p; p = p->parent()) {
        if (p->objectName().isEmpty()) continue;
        return text + QStringLiteral(" in %1 \"%2\"").arg(QString::fromLatin1(p->metaObject()->className()), p->objectName());
    }
    return text;
}

// Widgets in the accessibility tree with no name for a screen reader: those that take focus, and
// Keyplan's own (a reader announces the view it enters).
void unnamedFocusable(QAccessibleInterface* node, QStringList& out, int depth = 0)
{
    if (!node || depth > 60) return;
    auto* widget = qobject_cast<QWidget*>(node->object());
    const bool own = widget && QByteArray(widget->metaObject()->className()).startsWith("keyplan::");
    if (widget && widget->isVisible() && ((widget->focusPolicy() & Qt::TabFocus) || own) &&
        node->text(QAccessible::Name).trimmed().isEmpty())
        out << describe(widget);
    for (int i = 0; i < node->childCount(); ++i) unnamedFocusable(node->child(i), out, depth + 1);
}

}  // namespace

class WidgetWindowKeyboardTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        widgets::initResources();
        QVERIFY(usePrivateHome(home_));
    }

    void init()
    {
        local_ = engine::SqliteStore::openInMemory();
        switch_ = std::make_unique<widgets::StoreSwitch>(*local_, widgets::StoreLocation{});
        window_ = std::make_unique<MainWindow>(*switch_);
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
        auto* document = window_->findChild<widgets::DesignDocument*>();
        QTRY_VERIFY(!document->design().patterns().empty());
    }

    void cleanup()
    {
        window_.reset();
        switch_.reset();
        local_.reset();
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
    }

    void shouldGiveEveryActionAKeyboardPath()
    {
        QStringList unreachable;
        for (const QAction* a : window_->findChildren<QAction*>()) {
            if (a->isSeparator() || a->text().isEmpty() || !a->isVisible() || a->menu()) continue;
            if (inMenuBar(a, *window_) || !a->shortcuts().isEmpty() || onAFocusableButton(a)) continue;
            // An entry of a menu that is itself reached (a context menu's, a button's) counts too.
            bool inReachedMenu = false;
            for (const QMenu* m : window_->findChildren<QMenu*>())
                inReachedMenu = inReachedMenu ||
                                (m->actions().contains(const_cast<QAction*>(a)) && inMenuBar(m->menuAction(), *window_));
            if (!inReachedMenu) unreachable << a->text() + " (" + describe(a->parent()) + ")";
        }
        QVERIFY2(unreachable.isEmpty(), qPrintable("no keyboard path to: " + unreachable.join("; ")));
    }

    void shouldNotGiveTwoActionsOneShortcut()
    {
        // Window-wide shortcuts only: a view's own (WidgetShortcut) apply while it has focus.
        QMultiHash<QString, QString> owners;
        for (const QAction* a : window_->findChildren<QAction*>()) {
            if (a->shortcutContext() == Qt::WidgetShortcut || a->shortcutContext() == Qt::WidgetWithChildrenShortcut) continue;
            for (const QKeySequence& k : a->shortcuts()) owners.insert(k.toString(), a->text());
        }
        QStringList clashes;
        for (const QString& key : owners.uniqueKeys()) {
            if (owners.count(key) > 1) clashes << key + ": " + owners.values(key).join(", ");
        }
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join("; ")));
    }

    void shouldListEveryShortcutInHelp()
    {
        const QList<widgets::ShortcutEntry> listed = widgets::shortcutsOf(window_.get());
        int withShortcut = 0;
        for (const QAction* a : window_->findChildren<QAction*>()) {
            if (!a->shortcuts().isEmpty() && !a->text().isEmpty() && a->isVisible()) ++withShortcut;
        }
        QVERIFY(withShortcut > 20);
        QStringList missing;
        for (const QAction* a : window_->findChildren<QAction*>()) {
            if (a->shortcuts().isEmpty() || a->text().isEmpty() || !a->isVisible()) continue;
            const QString keys = a->shortcut().toString(QKeySequence::NativeText);
            const bool found = std::any_of(listed.begin(), listed.end(), [&](const auto& e) { return e.keys.contains(keys); });
            if (!found) missing << a->text() + " " + keys;
        }
        QVERIFY2(missing.isEmpty(), qPrintable("not listed: " + missing.join("; ")));
        // Each once, told apart by where it works (the export menu's actions are not the window's children,
        // so the list holds more than the window's own).
        QStringList entries;
        for (const auto& e : listed) entries << e.where + " | " + e.action + " | " + e.keys;
        entries.removeDuplicates();
        QCOMPARE(entries.size(), listed.size());
        QVERIFY(listed.size() >= withShortcut);
        const auto found = std::find_if(listed.begin(), listed.end(), [](const auto& e) { return e.action == "Compare with"; });
        QVERIFY(found != listed.end());
        QCOMPARE(found->where, QStringLiteral("File"));
        widgets::ShortcutsDialog dialog(window_.get());
        QCOMPARE(dialog.findChild<QTableWidget*>("shortcuts")->rowCount(), int(listed.size()));
    }

    void shouldMoveThroughTablesAndTheTreeWithTheArrowKeys_data()
    {
        QTest::addColumn<QString>("view");
        QTest::newRow("access patterns") << "patternTable";
        QTest::newRow("design tree") << "designTree";
        QTest::newRow("entities") << "entityList";
        QTest::newRow("cost") << "costTable";
    }

    void shouldMoveThroughTablesAndTheTreeWithTheArrowKeys()
    {
        QFETCH(QString, view);
        auto* v = window_->findChild<QAbstractItemView*>(view);
        QVERIFY2(v && v->model() && v->model()->rowCount() > 1, qPrintable(view));
        v->setFocus();
        v->setCurrentIndex(v->model()->index(0, 0));
        QTest::keyClick(v, Qt::Key_Down);
        const QModelIndex now = v->currentIndex();
        QVERIFY2(now.isValid() && (now.row() == 1 || now.parent().isValid()), qPrintable(view));
    }

    void shouldScrollTheLayoutWithTheKeyboard()
    {
        window_->resize(1000, 700);
        auto* layout = window_->findChild<widgets::ExampleLayoutView*>();
        QVERIFY(layout);
        auto* scroll = layout->findChild<QScrollArea*>();
        QTRY_VERIFY(scroll->verticalScrollBar()->maximum() > 0);
        scroll->setFocus();
        QVERIFY(scroll->hasFocus() || QApplication::focusWidget() == scroll);
        QTest::keyClick(scroll, Qt::Key_PageDown);
        QTRY_VERIFY(scroll->verticalScrollBar()->value() > 0);
        QTest::keyClick(scroll, Qt::Key_PageUp);
        QTRY_COMPARE(scroll->verticalScrollBar()->value(), 0);
    }

    void shouldNameEveryFocusableWidgetForAScreenReader()
    {
        // Each tabbed dock in turn in front, so the tree holds every view's widgets.
        QStringList unnamed;
        for (QDockWidget* dock : window_->findChildren<QDockWidget*>()) {
            dock->show();
            dock->raise();
            QCoreApplication::processEvents();
            unnamedFocusable(QAccessible::queryAccessibleInterface(window_.get()), unnamed);
        }
        unnamed.removeDuplicates();
        QVERIFY2(unnamed.isEmpty(), qPrintable(QString::number(unnamed.size()) + " unnamed: " + unnamed.join("; ")));
    }

private:
    QTemporaryDir home_;
    std::unique_ptr<engine::SqliteStore> local_;
    std::unique_ptr<widgets::StoreSwitch> switch_;
    std::unique_ptr<MainWindow> window_;
};

QTEST_MAIN(WidgetWindowKeyboardTest)
#include "tst_widget_window_keyboard.moc"
