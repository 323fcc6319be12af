// What the console's completing editors share: QCompleter closes its popup on a click outside it and
// swallows that click, so the Run button clicked while a completion list is open would do nothing.
// Installed on the popup (after the completer's own filter, so it sees the press first), this filter
// closes the list and passes the click on to what is under it (a button gets the whole click, anything
// else the press).
#pragma once

#include <QObject>

class QAbstractItemView;

namespace keyplan::widgets {

class PopupClickThrough final : public QObject {
    Q_OBJECT
public:
    // Filters `popup`'s events for as long as the popup lives.
    explicit PopupClickThrough(QAbstractItemView* popup);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QAbstractItemView* popup_;
};

}  // namespace keyplan::widgets
