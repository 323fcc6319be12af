#include "widgets/store/ConfirmTableName.h"

#include "widgets/common/TitleFit.h"
#include "widgets/store/StoreSwitch.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace keyplan::widgets {

ConfirmTableName::ConfirmTableName(const StoreLocation& where, const QString& table, const QString& what, QWidget* parent)
    : QDialog(parent), table_(table), message_(new QLabel(this)), typed_(new QLineEdit(this))
{
    setWindowTitle(tr("Change a table on %1").arg(where.endpoint));
    message_->setObjectName(QStringLiteral("confirmMessage"));
    message_->setWordWrap(true);
    message_->setTextFormat(Qt::PlainText);
    message_->setText(
        tr("%1\n\n%2\n\nThis cannot be undone. Type the table's name to go on.").arg(what, where.targetLines(table).join(u'\n')));
    typed_->setObjectName(QStringLiteral("typedTableName"));
    typed_->setPlaceholderText(table);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    proceed_ = buttons->addButton(tr("I understand, go on"), QDialogButtonBox::AcceptRole);
    proceed_->setEnabled(false);
    buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(message_);
    layout->addWidget(typed_);
    layout->addWidget(buttons);
    // Return cancels until the name is typed, then goes on (as the typed name says the user means it).
    connect(typed_, &QLineEdit::textChanged, this, [this, buttons] {
        proceed_->setEnabled(canProceed());
        proceed_->setDefault(canProceed());
        buttons->button(QDialogButtonBox::Cancel)->setDefault(!canProceed());
    });
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (canProceed()) QDialog::accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    widenToTitle(this);  // the title names the endpoint
}

bool ConfirmTableName::canProceed() const { return typed_->text() == table_; }

QString ConfirmTableName::message() const { return message_->text(); }

bool ConfirmTableName::ask(const StoreLocation& where, const QString& table, const QString& what, QWidget* parent)
{
    ConfirmTableName dialog(where, table, what, parent);
    return dialog.exec() == QDialog::Accepted;
}

}  // namespace keyplan::widgets
