// Help > Keyboard shortcuts: every action of a window that has a shortcut, read from the window itself
// (its menus, then the actions of its views), so the list is never out of date: where it is (the menu
// path, or the view that owns it), what it does and its keys.
#pragma once

#include <QDialog>
#include <QList>
#include <QString>

class QMainWindow;

namespace keyplan::widgets {

struct ShortcutEntry {
    QString where;  // "File", "Data ▸ Export", "Access patterns"
    QString action;
    QString keys;  // in the platform's words ("Ctrl+Shift+D")
};

// The shortcuts of `window`, menus first in menu-bar order, then the views' own.
QList<ShortcutEntry> shortcutsOf(const QMainWindow* window);

class ShortcutsDialog final : public QDialog {
    Q_OBJECT
public:
    explicit ShortcutsDialog(QMainWindow* window);
};

}  // namespace keyplan::widgets
