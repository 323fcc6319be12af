// An entity's Time to Live in the entity view: whether its items expire, the attribute DynamoDB
// deletes them by (a Number of epoch seconds) and how long after its write an item lives, as a
// count and a unit (days, hours, minutes, seconds). It holds no design: the entity view sets its
// value and turns each edit into an undoable command.
#pragma once

#include "design/Design.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace keyplan::widgets {

class TimeToLiveEdit final : public QWidget {
    Q_OBJECT
public:
    explicit TimeToLiveEdit(QWidget* parent = nullptr);

    // Shows `ttl` (nullopt: the items do not expire) without emitting edited().
    void setValue(const std::optional<design::TimeToLive>& ttl);
    std::optional<design::TimeToLive> value() const;
    // The attribute a newly expiring entity gets: the table's, when another entity names it.
    void setDefaultAttribute(const QString& attribute) { defaultAttribute_ = attribute; }

    QCheckBox* expiresBox() const { return expires_; }
    QLineEdit* attributeEdit() const { return attribute_; }
    QSpinBox* retentionSpin() const { return count_; }
    QComboBox* unitCombo() const { return unit_; }

Q_SIGNALS:
    // The user changed the value; `text` names the edit for the undo stack, edits with the same
    // non-empty `mergeKey` in a row are one.
    void edited(const QString& text, const QString& mergeKey);
    void editingFinished();

private:
    void enableFields();
    // The count's range for the unit shown: up to the ten years a design allows.
    void fitRange();
    void emitEdited(const QString& text, const QString& mergeKey);

    QCheckBox* expires_;
    QLineEdit* attribute_;
    QSpinBox* count_;
    QComboBox* unit_;
    QString defaultAttribute_ = QStringLiteral("expiresAt");
    bool setting_ = false;
};

}  // namespace keyplan::widgets
