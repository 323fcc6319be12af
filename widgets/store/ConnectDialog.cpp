#include "widgets/store/ConnectDialog.h"

#include "style/VerdictStyle.h"
#include "aws/Credentials.h"
#include "jobs/Job.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

#include <set>

namespace keyplan::widgets {

namespace {

const char* const kRegions[] = {"us-east-1",      "us-east-2",      "us-west-1",      "us-west-2",      "ca-central-1",
                                "eu-west-1",      "eu-west-2",      "eu-west-3",      "eu-central-1",   "eu-north-1",
                                "eu-south-1",     "ap-south-1",     "ap-northeast-1", "ap-northeast-2", "ap-northeast-3",
                                "ap-southeast-1", "ap-southeast-2", "sa-east-1",      "me-south-1",     "af-south-1"};

// The profile names in the AWS shared files, for the profile box (names only).
QStringList profileNames()
{
    const aws::AwsEnvironment env;
    std::set<QString> names;
    auto read = [](const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? aws::parseIni(f.readAll().toStdString()) : aws::IniSections{};
    };
    for (const auto& [section, values] : read(env.credentialsFilePath())) names.insert(QString::fromStdString(section));
    for (const auto& [section, values] : read(env.configFilePath())) {
        QString name = QString::fromStdString(section);
        if (name.startsWith(QLatin1String("profile "))) name = name.mid(8).trimmed();
        else if (name != QLatin1String("default")) continue;  // sso-session, services, ...
        names.insert(name);
    }
    return QStringList(names.begin(), names.end());
}

QString describe(const RecentConnection& c)
{
    QString where = c.endpointUrl.isEmpty() ? c.region : c.endpointUrl;
    if (!c.endpointUrl.isEmpty() && !c.region.isEmpty()) where += QStringLiteral(" (%1)").arg(c.region);
    if (!c.profile.isEmpty()) where += QStringLiteral(", profile %1").arg(c.profile);
    return where;
}

}  // namespace

ConnectDialog::ConnectDialog(const QList<RecentConnection>& recent, EndpointOpener& opener, QWidget* parent)
    : QDialog(parent), opener_(opener), recent_(new QComboBox(this)), byRegion_(new QRadioButton(tr("AWS &region"), this)),
      byUrl_(new QRadioButton(tr("Endpoint &URL"), this)), url_(new QLineEdit(this)), region_(new QComboBox(this)),
      profile_(new QComboBox(this)), test_(new QPushButton(tr("&Test connection"), this)), status_(new QLabel(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)), recentList_(recent)
{
    setWindowTitle(tr("Connect to a DynamoDB endpoint"));
    recent_->setObjectName(QStringLiteral("recentConnections"));
    recent_->addItem(recent.isEmpty() ? tr("(none yet)") : tr("Choose one…"));
    for (const RecentConnection& c : recent) recent_->addItem(describe(c));
    recent_->setEnabled(!recent.isEmpty());
    url_->setObjectName(QStringLiteral("endpointUrl"));
    url_->setPlaceholderText(QStringLiteral("http://localhost:8000"));
    region_->setObjectName(QStringLiteral("region"));
    region_->setEditable(true);
    region_->addItem(QString());
    for (const char* r : kRegions) region_->addItem(QString::fromLatin1(r));
    region_->lineEdit()->setPlaceholderText(tr("as the AWS tools find it (AWS_REGION, the profile)"));
    profile_->setObjectName(QStringLiteral("profile"));
    profile_->setEditable(true);
    profile_->addItem(QString());
    profile_->addItems(profileNames());
    profile_->lineEdit()->setPlaceholderText(tr("AWS_ACCESS_KEY_ID…, AWS_PROFILE, else default"));
    status_->setObjectName(QStringLiteral("connectionStatus"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    buttons_->button(QDialogButtonBox::Ok)->setText(tr("&Connect"));
    byRegion_->setChecked(true);

    auto* mode = new QButtonGroup(this);
    mode->addButton(byRegion_);
    mode->addButton(byUrl_);
    auto* form = new QFormLayout;
    form->addRow(tr("Recent:"), recent_);
    form->addRow(byRegion_, new QLabel(tr("https://dynamodb.REGION.amazonaws.com"), this));
    form->addRow(byUrl_, url_);
    form->addRow(tr("Region:"), region_);
    form->addRow(tr("Profile:"), profile_);
    auto* note = new QLabel(tr("Keys and secrets are read where the AWS CLI reads them and are never stored by Keyplan."), this);
    note->setWordWrap(true);
    auto* testRow = new QHBoxLayout;
    testRow->addWidget(test_);
    testRow->addWidget(status_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addLayout(testRow);
    layout->addWidget(buttons_);
    resize(560, sizeHint().height());

    connect(recent_, &QComboBox::activated, this, [this](int row) {
        if (row > 0 && row <= recentList_.size()) setConnection(recentList_[row - 1]);
    });
    connect(byRegion_, &QRadioButton::toggled, this, &ConnectDialog::updateFields);
    connect(url_, &QLineEdit::textChanged, this, &ConnectDialog::updateFields);
    connect(region_, &QComboBox::currentTextChanged, this, &ConnectDialog::updateFields);
    connect(test_, &QPushButton::clicked, this, &ConnectDialog::testConnection);
    connect(buttons_, &QDialogButtonBox::accepted, this, &ConnectDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    if (!recent.isEmpty()) setConnection(recent.first());
    updateFields();
}

RecentConnection ConnectDialog::connection() const
{
    return {byUrl_->isChecked() ? url_->text().trimmed() : QString(), region_->currentText().trimmed(),
            profile_->currentText().trimmed()};
}

void ConnectDialog::setConnection(const RecentConnection& c)
{
    (c.endpointUrl.isEmpty() ? byRegion_ : byUrl_)->setChecked(true);
    url_->setText(c.endpointUrl);
    region_->setCurrentText(c.region);
    profile_->setCurrentText(c.profile);
    updateFields();
}

QString ConnectDialog::statusText() const { return status_->text(); }

void ConnectDialog::updateFields()
{
    url_->setEnabled(byUrl_->isChecked());
    const bool complete = byUrl_->isChecked() ? !url_->text().trimmed().isEmpty() : true;
    const bool idle = !Jobs::instance().isBusy(this);
    test_->setEnabled(complete && idle);
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(complete && idle);
}

void ConnectDialog::showStatus(bool ok, const QString& text)
{
    status_->setStyleSheet(QStringLiteral("color: %1;").arg(toneColor(ok ? Tone::Good : Tone::Bad, palette()).name()));
    status_->setText(text);
}

void ConnectDialog::testConnection() { attempt(false); }

void ConnectDialog::accept() { attempt(true); }

void ConnectDialog::attempt(bool thenAccept)
{
    if (Jobs::instance().isBusy(this)) return;
    const RecentConnection c = connection();
    status_->setStyleSheet(QString());
    status_->setText(tr("Connecting…"));
    Jobs::instance().run<EndpointOpener::Opened>(
        this, [c, &opener = opener_] { return opener.open(c); },
        [this, thenAccept](Outcome<EndpointOpener::Opened> outcome) {
            updateFields();
            if (!outcome.ok()) {
                const QString text = outcome.errorName == QLatin1String("Error") ? outcome.errorMessage : outcome.errorText();
                showStatus(false, text);
                return;
            }
            const EndpointOpener::Opened& connected = *outcome.value;
            const QString tables = connected.moreTables    ? tr("more than %1 tables").arg(connected.tables)
                                   : connected.tables == 1 ? tr("1 table")
                                                           : tr("%1 tables").arg(connected.tables);
            const QString text = tr("Connected to %1: %2 (credentials from %3)")
                                     .arg(connected.location.text(), tables, connected.location.credentialsSource);
            showStatus(true, text);
            if (!thenAccept) return;
            store_ = connected.store;
            location_ = connected.location;
            QDialog::accept();
        });
    updateFields();
}

}  // namespace keyplan::widgets
