// Help > Guide: a short in-app guide to what a newcomer types in Keyplan: key templates (the
// placeholders, literals, separators and what makes a key sparse), the generators that make the
// example values, and the order of a first design session. One non-modal window, reused.
#pragma once

#include <QDialog>

class QTextBrowser;

namespace keyplan::widgets {

class GuideDialog final : public QDialog {
    Q_OBJECT
public:
    explicit GuideDialog(QWidget* parent = nullptr);

    // The guide as HTML (what the browser shows).
    static QString html();
    QTextBrowser* browser() const { return browser_; }

private:
    QTextBrowser* browser_;
};

}  // namespace keyplan::widgets
