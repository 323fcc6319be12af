#include "document/DefaultRates.h"

#include "document/DesignDocument.h"

#include <QStringList>

namespace keyplan::widgets {

using Part = DesignDocument::Part;

DefaultRates* DefaultRates::of(DesignDocument* document)
{
    if (auto* existing = document->findChild<DefaultRates*>(QString(), Qt::FindDirectChildrenOnly)) return existing;
    return new DefaultRates(document);
}

DefaultRates::DefaultRates(DesignDocument* document) : QObject(document), document_(document)
{
    connect(document_, &DesignDocument::rowsInserted, this,
            [this](DesignDocument::Part part, int row) { rowsInserted(int(part), row); });
    connect(document_, &DesignDocument::designChanged, this, &DefaultRates::designChanged);
    connect(document_, &DesignDocument::designReset, this, [this] {
        patterns_.clear();
        entities_.clear();
        Q_EMIT changed();
    });
}

void DefaultRates::rowsInserted(int part, int row)
{
    const auto& d = document_->design();
    // An undone removal brings back an object with a fresh id and the rate it had: only objects
    // whose rate is the new-object default are marked.
    if (row < 0) return;
    if (Part(part) == Part::Pattern && row < int(d.patterns().size()) && d.patterns()[row].ratePerSecond == 1)
        patterns_[d.patterns()[row].id] = 1;
    else if (Part(part) == Part::Entity && row < int(d.entities().size()) && d.entities()[row].writesPerSecond == 0)
        entities_[d.entities()[row].id] = 0;
    else return;
    Q_EMIT changed();
}

void DefaultRates::designChanged()
{
    bool dropped = false;
    const auto& d = document_->design();
    for (auto it = patterns_.begin(); it != patterns_.end();) {
        const design::AccessPattern* p = d.pattern(it->first);
        if (!p || p->ratePerSecond != it->second) {
            it = patterns_.erase(it);
            dropped = true;
        } else {
            ++it;
        }
    }
    for (auto it = entities_.begin(); it != entities_.end();) {
        const design::Entity* e = d.entity(it->first);
        if (!e || e->writesPerSecond != it->second) {
            it = entities_.erase(it);
            dropped = true;
        } else {
            ++it;
        }
    }
    if (dropped) Q_EMIT changed();
}

void DefaultRates::markChosen(bool pattern, uint64_t id)
{
    if ((pattern ? patterns_ : entities_).erase(id)) Q_EMIT changed();
}

bool DefaultRates::patternRateIsDefault(uint64_t patternId) const { return patterns_.count(patternId) > 0; }
bool DefaultRates::entityRateIsDefault(uint64_t entityId) const { return entities_.count(entityId) > 0; }

QString DefaultRates::defaultsText() const
{
    QStringList parts;
    const auto& d = document_->design();
    for (const auto& [id, rate] : patterns_)
        if (const auto* p = d.pattern(id)) parts << tr("pattern %1 (%2 call/s)").arg(p->number).arg(rate);
    for (const auto& [id, rate] : entities_)
        if (const auto* e = d.entity(id)) parts << tr("%1 (%2 writes/s)").arg(QString::fromStdString(e->name)).arg(rate);
    return parts.join(QStringLiteral(", "));
}

}  // namespace keyplan::widgets
