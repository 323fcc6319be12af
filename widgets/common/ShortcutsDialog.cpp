#include "widgets/common/ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QTableWidget>
#include <QVBoxLayout>

namespace keyplan::widgets {

namespace {

QString plain(QString text)
{
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    return text.replace(QStringLiteral("&&"), QStringLiteral("&")).remove(QChar(0x2026)).trimmed();
}

QString keysOf(const QAction* a)
{
    QStringList keys;
    for (const QKeySequence& k : a->shortcuts()) keys << k.toString(QKeySequence::NativeText);
    return keys.join(QStringLiteral(", "));
}

void walkMenu(const QMenu* menu, const QString& path, QList<ShortcutEntry>& out, QSet<const QAction*>& seen)
{
    for (QAction* a : menu->actions()) {
        // An action in two menus is listed where it is first.
        if (a->isSeparator() || !a->isVisible() || seen.contains(a)) continue;
        seen.insert(a);
        if (a->menu()) {
            walkMenu(a->menu(), path + QStringLiteral(" \u25b8 ") + plain(a->text()), out, seen);
            continue;
        }
        if (!a->shortcuts().isEmpty()) out.append({path, plain(a->text()), keysOf(a)});
    }
}

// The view an action belongs to: the title of the dock it sits in, and the named view within it the
// action works on ("Entities ▸ Attributes of the entity"); else the window's.
QString placeOf(const QAction* a, const QMainWindow* window)
{
    QString within;
    for (QObject* o : a->associatedObjects()) {
        const auto* w = qobject_cast<const QWidget*>(o);
        if (w && !qobject_cast<const QMenu*>(w) && !w->accessibleName().isEmpty()) within = w->accessibleName();
    }
    for (const QObject* o = a->parent(); o; o = o->parent()) {
        if (const auto* dock = qobject_cast<const QDockWidget*>(o)) {
            const QString title = plain(dock->windowTitle());
            return within.isEmpty() || within == title ? title : title + QStringLiteral(" \u25b8 ") + within;
        }
        if (o == window) break;
    }
    return QMainWindow::tr("Window");
}

}  // namespace

QList<ShortcutEntry> shortcutsOf(const QMainWindow* window)
{
    QList<ShortcutEntry> out;
    QSet<const QAction*> seen;
    for (QAction* top : window->menuBar()->actions()) {
        if (top->menu() && top->isVisible()) walkMenu(top->menu(), plain(top->text()), out, seen);
    }
    for (const QAction* a : window->findChildren<QAction*>()) {
        if (seen.contains(a) || a->shortcuts().isEmpty() || a->text().isEmpty() || !a->isVisible()) continue;
        out.append({placeOf(a, window), plain(a->text()), keysOf(a)});
    }
    return out;
}

ShortcutsDialog::ShortcutsDialog(QMainWindow* window) : QDialog(window)
{
    setWindowTitle(tr("Keyboard shortcuts"));
    const QList<ShortcutEntry> entries = shortcutsOf(window);
    auto* table = new QTableWidget(int(entries.size()), 3, this);
    table->setObjectName(QStringLiteral("shortcuts"));
    table->setAccessibleName(tr("Keyboard shortcuts"));
    table->setHorizontalHeaderLabels({tr("Where"), tr("Action"), tr("Keys")});
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    for (int row = 0; row < entries.size(); ++row) {
        table->setItem(row, 0, new QTableWidgetItem(entries[row].where));
        table->setItem(row, 1, new QTableWidgetItem(entries[row].action));
        table->setItem(row, 2, new QTableWidgetItem(entries[row].keys));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    auto* note = new QLabel(tr("Alt with a menu's underlined letter opens it. Tab and Shift+Tab move from view to view, the "
                               "arrow keys within a table, a tree or a layout; Enter opens what is selected."),
                            this);
    note->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addWidget(table, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(720, 560);
}

}  // namespace keyplan::widgets
