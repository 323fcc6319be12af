#include "widgets/design/TimeToLiveEdit.h"

#include "design/DesignLimits.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QSpinBox>

namespace keyplan::widgets {

namespace {

constexpr int64_t kUnits[] = {86400, 3600, 60, 1};

}  // namespace

TimeToLiveEdit::TimeToLiveEdit(QWidget* parent) : QWidget(parent)
{
    expires_ = new QCheckBox(tr("Time to Live on"), this);
    expires_->setObjectName(QStringLiteral("entityTtl"));
    expires_->setToolTip(tr("DynamoDB deletes an item once the epoch seconds in this attribute are past, at no write cost"));
    attribute_ = new QLineEdit(this);
    attribute_->setObjectName(QStringLiteral("entityTtlAttribute"));
    attribute_->setPlaceholderText(tr("attribute"));
    attribute_->setAccessibleName(tr("Time to Live attribute"));
    count_ = new QSpinBox(this);
    count_->setObjectName(QStringLiteral("entityTtlRetention"));
    count_->setRange(1, static_cast<int>(design::limits::kRetentionSeconds));
    count_->setPrefix(tr("after "));
    count_->setAccessibleName(tr("Retention"));
    unit_ = new QComboBox(this);
    unit_->setObjectName(QStringLiteral("entityTtlUnit"));
    unit_->addItem(tr("days"), qint64(86400));
    unit_->addItem(tr("hours"), qint64(3600));
    unit_->addItem(tr("minutes"), qint64(60));
    unit_->addItem(tr("seconds"), qint64(1));
    unit_->setAccessibleName(tr("Retention unit"));
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(expires_);
    row->addWidget(attribute_, 1);
    row->addWidget(count_);
    row->addWidget(unit_);

    connect(expires_, &QCheckBox::toggled, this, [this](bool on) {
        if (on && attribute_->text().trimmed().isEmpty()) attribute_->setText(defaultAttribute_);
        enableFields();
        emitEdited(on ? tr("Let the items expire") : tr("Keep the items"), {});
    });
    connect(attribute_, &QLineEdit::textEdited, this, [this](const QString& text) {
        if (!text.trimmed().isEmpty()) emitEdited(tr("Change the Time to Live attribute"), QStringLiteral("ttlAttribute"));
    });
    connect(count_, &QSpinBox::valueChanged, this,
            [this] { emitEdited(tr("Change the retention"), QStringLiteral("ttlRetention")); });
    connect(unit_, &QComboBox::activated, this, [this] {
        const bool was = setting_;
        setting_ = true;
        fitRange();
        setting_ = was;
        emitEdited(tr("Change the retention"), {});
    });
    connect(attribute_, &QLineEdit::editingFinished, this, &TimeToLiveEdit::editingFinished);
    connect(count_, &QSpinBox::editingFinished, this, &TimeToLiveEdit::editingFinished);
    setValue(std::nullopt);
}

void TimeToLiveEdit::setValue(const std::optional<design::TimeToLive>& ttl)
{
    setting_ = true;
    expires_->setChecked(ttl.has_value());
    const design::TimeToLive shown = ttl.value_or(design::TimeToLive{defaultAttribute_.toStdString()});
    if (attribute_->text().trimmed() != QString::fromStdString(shown.attribute))
        attribute_->setText(QString::fromStdString(shown.attribute));
    // The largest unit that divides the retention, as the file writes it.
    for (int i = 0; i < unit_->count(); ++i) {
        const int64_t unit = kUnits[i];
        if (shown.retentionSeconds % unit != 0) continue;
        unit_->setCurrentIndex(i);
        fitRange();
        count_->setValue(static_cast<int>(shown.retentionSeconds / unit));
        break;
    }
    enableFields();
    setting_ = false;
}

std::optional<design::TimeToLive> TimeToLiveEdit::value() const
{
    if (!expires_->isChecked()) return std::nullopt;
    design::TimeToLive ttl;
    ttl.attribute = attribute_->text().trimmed().toStdString();
    if (ttl.attribute.empty()) ttl.attribute = defaultAttribute_.toStdString();
    ttl.retentionSeconds = int64_t(count_->value()) * unit_->currentData().toLongLong();
    return ttl;
}

void TimeToLiveEdit::fitRange()
{
    count_->setMaximum(static_cast<int>(design::limits::kRetentionSeconds / unit_->currentData().toLongLong()));
}

void TimeToLiveEdit::enableFields()
{
    const bool on = expires_->isChecked();
    attribute_->setEnabled(on);
    count_->setEnabled(on);
    unit_->setEnabled(on);
}

void TimeToLiveEdit::emitEdited(const QString& text, const QString& mergeKey)
{
    if (!setting_) Q_EMIT edited(text, mergeKey);
}

}  // namespace keyplan::widgets
