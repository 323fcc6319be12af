// The guard before anything destructive on a remote endpoint (deleting a table, clearing its
// items): it names the endpoint and the table and is only accepted once the table's name has
// been typed, as the AWS console asks before deleting a table.
#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;
class QPushButton;

namespace keyplan::widgets {

struct StoreLocation;

class ConfirmTableName final : public QDialog {
    Q_OBJECT
public:
    // `what` says what will happen, e.g. "Every item of the table is deleted".
    ConfirmTableName(const StoreLocation& where, const QString& table, const QString& what, QWidget* parent = nullptr);

    QLineEdit* nameEdit() const { return typed_; }
    bool canProceed() const;
    QString message() const;

    // Asks with a modal dialog; true when the name was typed and the user went on.
    static bool ask(const StoreLocation& where, const QString& table, const QString& what, QWidget* parent);

private:
    QString table_;
    QLabel* message_;
    QLineEdit* typed_;
    QPushButton* proceed_;
};

}  // namespace keyplan::widgets
