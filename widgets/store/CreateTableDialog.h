// Creates a table from a CreateTable request written in DynamoDB JSON (what the AWS CLI's
// --cli-input-json and the SDKs take), decoded by model/wire and checked as it is typed.
// For designing tables from entities and access patterns, the design document is the way;
// this is for poking at the store directly.
#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {

class CreateTableDialog final : public QDialog {
    Q_OBJECT
public:
    explicit CreateTableDialog(store::Store& store, QWidget* parent = nullptr);

    QPlainTextEdit* editor() const { return editor_; }
    QString problemText() const;
    QString createdTable() const { return created_; }

    void accept() override;

Q_SIGNALS:
    void tableCreated(const QString& table);

private:
    void check();

    store::Store& store_;
    QPlainTextEdit* editor_;
    QLabel* problem_;
    QDialogButtonBox* buttons_;
    QString created_;
};

}  // namespace keyplan::widgets
