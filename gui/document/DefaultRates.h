// Which patterns and entities still carry the rate they were given when added (a new pattern
// 1 call/s, a new entity 0 writes/s) rather than one the designer chose: their costs rest on a
// default, and the cost views say so instead of showing a confident $0.00. A rate counts as chosen
// once it is edited (to any value, the default included, through the editors); a design that was
// opened states its rates, so only objects added in this session start as defaults.
//
// Attached to a DesignDocument (one per document, created on first use), so every view that has
// the document can ask.
#pragma once

#include <QObject>

#include <cstdint>
#include <map>

namespace keyplan::widgets {

class DesignDocument;

class DefaultRates final : public QObject {
    Q_OBJECT
public:
    static DefaultRates* of(DesignDocument* document);

    bool patternRateIsDefault(uint64_t patternId) const;
    bool entityRateIsDefault(uint64_t entityId) const;
    // "pattern 6 and the entity Review"; "" when every rate was chosen.
    QString defaultsText() const;
    bool any() const { return !patterns_.empty() || !entities_.empty(); }
    // The editors call this when the designer confirms a rate, even one equal to the default.
    void markChosen(bool pattern, uint64_t id);

Q_SIGNALS:
    void changed();

private:
    explicit DefaultRates(DesignDocument* document);
    void rowsInserted(int part, int row);
    void designChanged();

    DesignDocument* document_;
    std::map<uint64_t, double> patterns_;  // id -> the default rate it was added with
    std::map<uint64_t, double> entities_;
};

}  // namespace keyplan::widgets
