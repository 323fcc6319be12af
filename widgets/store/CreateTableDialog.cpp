#include "widgets/store/CreateTableDialog.h"

#include "dynamo/Error.h"
#include "json/Value.h"
#include "json/Writer.h"
#include "store/Store.h"
#include "jobs/Job.h"
#include "widgets/common/Icons.h"
#include "style/Theme.h"
#include "widgets/common/ValueText.h"
#include "wire/Decode.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace keyplan::widgets {

namespace {

const char* const kTemplate = R"({
  "TableName": "Shop",
  "BillingMode": "PAY_PER_REQUEST",
  "AttributeDefinitions": [
    {"AttributeName": "PK", "AttributeType": "S"},
    {"AttributeName": "SK", "AttributeType": "S"},
    {"AttributeName": "GSI1PK", "AttributeType": "S"},
    {"AttributeName": "GSI1SK", "AttributeType": "S"}
  ],
  "KeySchema": [
    {"AttributeName": "PK", "KeyType": "HASH"},
    {"AttributeName": "SK", "KeyType": "RANGE"}
  ],
  "GlobalSecondaryIndexes": [
    {
      "IndexName": "GSI1",
      "KeySchema": [
        {"AttributeName": "GSI1PK", "KeyType": "HASH"},
        {"AttributeName": "GSI1SK", "KeyType": "RANGE"}
      ],
      "Projection": {"ProjectionType": "ALL"}
    }
  ]
}
)";

// The request the text describes, or why it does not describe one.
std::optional<store::CreateTableRequest> decode(const QString& text, QString* problem)
{
    json::Value json;
    std::string error;
    if (!parseReportingOffset(text.toStdString(), &json, &error)) {
        *problem = QObject::tr("Not JSON: %1").arg(QString::fromStdString(error));
        return std::nullopt;
    }
    try {
        return wire::decodeCreateTable(json);
    } catch (const dynamo::Error& e) {
        *problem = QString::fromStdString(e.name() + ": " + e.message());
        return std::nullopt;
    }
}

}  // namespace

CreateTableDialog::CreateTableDialog(store::Store& store, QWidget* parent)
    : QDialog(parent), store_(store), editor_(new QPlainTextEdit(this)), problem_(new QLabel(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Create table"));
    setWindowIcon(icon(QStringLiteral("create-table")));
    auto* intro = new QLabel(tr("A CreateTable request in DynamoDB JSON, as the AWS CLI's --cli-input-json takes it."), this);
    intro->setWordWrap(true);
    editor_->setObjectName(QStringLiteral("createTableJson"));
    editor_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    editor_->setPlainText(QString::fromUtf8(kTemplate));
    editor_->setTabChangesFocus(true);
    problem_->setObjectName(QStringLiteral("createTableProblem"));
    problem_->setWordWrap(true);
    buttons_->button(QDialogButtonBox::Ok)->setText(tr("Create"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(editor_, 1);
    layout->addWidget(problem_);
    layout->addWidget(buttons_);
    resize(560, 560);
    connect(editor_, &QPlainTextEdit::textChanged, this, &CreateTableDialog::check);
    connect(buttons_, &QDialogButtonBox::accepted, this, &CreateTableDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &CreateTableDialog::reject);
    check();
}

QString CreateTableDialog::problemText() const { return problem_->text(); }

void CreateTableDialog::check()
{
    QString problem;
    const bool ok = decode(editor_->toPlainText(), &problem).has_value();
    problem_->setText(problem);
    QPalette pal = problem_->palette();
    pal.setColor(QPalette::WindowText, warningColor(palette()));
    problem_->setPalette(pal);
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(ok && !Jobs::instance().isBusy(this));
}

void CreateTableDialog::accept()
{
    QString problem;
    auto request = decode(editor_->toPlainText(), &problem);
    if (!request || Jobs::instance().isBusy(this)) return;
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(false);
    Jobs::instance().run<QString>(
        this,
        [&store = store_, r = *request] {
            store.createTable(r);
            return QString::fromStdString(r.tableName);
        },
        [this](Outcome<QString> outcome) {
            if (!outcome.ok()) {
                problem_->setText(outcome.errorText());
                buttons_->button(QDialogButtonBox::Ok)->setEnabled(true);
                return;
            }
            created_ = *outcome.value;
            Q_EMIT tableCreated(created_);
            QDialog::accept();
        });
}

}  // namespace keyplan::widgets
