#include "analysis/Backfill.h"

#include <cmath>

namespace keyplan::analysis {

namespace {

std::string templateOf(const design::Entity& e, const std::string& key)
{
    const design::KeyBinding* b = e.key(key);
    if (!b) return "(none)";
    std::string text = b->keyTemplate.text();
    if (b->conditional()) text += " when " + b->whenAttribute + " = " + b->whenEquals;
    return text;
}

bool sameBinding(const design::Entity& a, const design::Entity& b, const std::string& key)
{
    const design::KeyBinding* x = a.key(key);
    const design::KeyBinding* y = b.key(key);
    if (!x || !y) return !x && !y;
    return *x == *y;
}

bool sameKeySchema(const design::Index& a, const design::Index& b)
{
    return a.kind == b.kind && a.partitionKey == b.partitionKey && a.sortKey == b.sortKey;
}

std::string items(double n) { return formatCount(std::round(n)); }

class Estimator {
public:
    Estimator(const design::Design& before, const design::Design& after, const CostModel& cost)
        : before_(before), after_(after), cost_(cost)
    {
    }

    BackfillEstimate run()
    {
        if (tableSchemaChanged()) return finish();
        for (const auto& e : after_.entities()) entity(e);
        for (const auto& index : after_.indexes()) newIndex(index);
        for (const auto& index : before_.indexes()) {
            if (!after_.indexByName(index.name))
                add({BackfillStep::Kind::IndexRemoved, "", index.name, true, 0, 0,
                     index.name + " is removed: DynamoDB deletes an index online, with nothing to write."});
        }
        return finish();
    }

private:
    void add(BackfillStep step) { out_.steps.push_back(std::move(step)); }

    BackfillEstimate finish()
    {
        for (const auto& s : out_.steps) {
            if (s.online) {
                out_.itemsBackfilledOnline += s.items;
                out_.writeUnitsOnline += s.writeUnits;
            } else {
                out_.itemsRewritten += s.items;
                out_.writeUnitsRewritten += s.writeUnits;
            }
        }
        return std::move(out_);
    }

    bool tableSchemaChanged()
    {
        const auto& a = before_.table();
        const auto& b = after_.table();
        if (a.partitionKey == b.partitionKey && a.sortKey == b.sortKey) return false;
        double n = 0, units = 0;
        for (const auto& e : after_.entities()) {
            n += cost_.totalItems(e);
            units += cost_.totalItems(e) * cost_.writeCost(e).unitsPerWrite;
        }
        add({BackfillStep::Kind::TableSchemaChanged, "", "", false, n, units,
             "The table's own key schema changes, which DynamoDB cannot do in place: a new table and a full copy of " + items(n) +
                 " items (" + items(units) +
                 " write units), with the application writing both tables "
                 "until the copy has caught up."});
        return true;
    }

    double tableKeysRewrite(const design::Entity& e) const
    {
        // A put under the new key (table and index writes) and a delete of the old item (its own
        // table and index writes).
        return 2 * cost_.writeCost(e).unitsPerWrite;
    }

    void entity(const design::Entity& e)
    {
        const design::Entity* old = before_.entityByName(e.name);
        const double n = cost_.totalItems(e);
        if (!old) {
            const double units = n * cost_.writeCost(e).unitsPerWrite;
            add({BackfillStep::Kind::NewItemType, e.name, "", false, n, units,
                 e.name + " is a new item type: " + items(n) + " items to write from the existing data, " +
                     formatCount(cost_.writeCost(e).unitsPerWrite) + " write units each = " + items(units) +
                     " write units, by a job the application runs."});
            return;
        }
        // An item type without a table partition key could not be written: nothing of it is stored,
        // so giving it keys rewrites nothing (a practice round's entity keyed after the curveball).
        if (!old->key(before_.table().partitionKey.name)) return;
        std::vector<std::string> changed;
        for (const std::string& key :
             {after_.table().partitionKey.name, after_.table().sortKey ? after_.table().sortKey->name : std::string()}) {
            if (!key.empty() && !sameBinding(*old, e, key))
                changed.push_back(key + " " + templateOf(*old, key) + " -> " + templateOf(e, key));
        }
        if (!changed.empty()) {
            const double per = tableKeysRewrite(e);
            std::string what;
            for (size_t i = 0; i < changed.size(); ++i) what += (i ? ", " : "") + changed[i];
            add({BackfillStep::Kind::TableKeysChanged, e.name, "", false, n, n * per,
                 e.name + "'s table keys change (" + what + "): every one of its " + items(n) +
                     " items gets a new identity, so each is put under its new key and the old one deleted (" + formatCount(per) +
                     " write units each) = " + items(n * per) +
                     " write units, by a migration job while the application writes both."});
            return;
        }
        for (const auto& index : after_.indexes()) {
            const design::Index* oldIndex = before_.indexByName(index.name);
            if (!oldIndex || !sameKeySchema(*oldIndex, index) || oldIndex->projection != index.projection ||
                oldIndex->nonKeyAttributes != index.nonKeyAttributes)
                continue;  // newIndex() speaks for a new or rebuilt index
            std::vector<std::string> keys{index.kind == design::IndexKind::Local ? after_.table().partitionKey.name
                                                                                 : index.partitionKey.name};
            if (index.sortKey) keys.push_back(index.sortKey->name);
            std::vector<std::string> diff;
            for (const auto& k : keys) {
                if (!sameBinding(*old, e, k)) diff.push_back(k + " " + templateOf(*old, k) + " -> " + templateOf(e, k));
            }
            if (diff.empty()) continue;
            const double share = std::max(cost_.indexShare(e, index), e.key(keys.front()) ? 0.0 : 1.0);
            const double affected = n * std::max(share, 0.0);
            const double per = CostModel::writeUnits(cost_.itemSize(e)) + 2 * CostModel::writeUnits(cost_.entrySize(e, index));
            std::string what;
            for (size_t i = 0; i < diff.size(); ++i) what += (i ? ", " : "") + diff[i];
            add({BackfillStep::Kind::IndexKeysChanged, e.name, index.name, false, affected, affected * per,
                 e.name + "'s " + index.name + " keys change (" + what + "): " + items(affected) +
                     " items need the new key attributes written by the application (an UpdateItem each: the table "
                     "write and the index's delete and put, " +
                     formatCount(per) + " write units) = " + items(affected * per) + " write units."});
        }
    }

    void newIndex(const design::Index& index)
    {
        const design::Index* old = before_.indexByName(index.name);
        const bool rebuilt = old && (!sameKeySchema(*old, index) || old->projection != index.projection ||
                                     old->nonKeyAttributes != index.nonKeyAttributes);
        if (old && !rebuilt) return;
        double n = 0, units = 0;
        for (const auto& e : after_.entities()) {
            const double share = cost_.indexShare(e, index);
            if (share <= 0) continue;
            const double k = cost_.totalItems(e) * share;
            n += k;
            units += k * CostModel::writeUnits(cost_.entrySize(e, index));
        }
        const std::string verb = rebuilt ? " changes its keys or projection, which an index cannot do in place: it is "
                                           "dropped and created again, and "
                                         : " is new: ";
        if (index.kind == design::IndexKind::Local) {
            add({BackfillStep::Kind::TableSchemaChanged, "", index.name, false, n, units,
                 index.name + verb +
                     "a local secondary index can only be created with the table, so this means a new "
                     "table and a full copy; " +
                     items(n) + " items would have entries in it (" + items(units) + " write units for the entries alone)."});
            return;
        }
        add({BackfillStep::Kind::NewIndex, "", index.name, true, n, units,
             index.name + verb + "DynamoDB backfills a global secondary index online from the " + items(n) +
                 " items that fill its keys, " + items(units) +
                 " write units charged to the index, while the table keeps serving."});
    }

    const design::Design& before_;
    const design::Design& after_;
    const CostModel& cost_;
    BackfillEstimate out_;
};

}  // namespace

std::string_view backfillKindName(BackfillStep::Kind kind)
{
    switch (kind) {
    case BackfillStep::Kind::NewIndex: return "new-index";
    case BackfillStep::Kind::IndexKeysChanged: return "index-keys-changed";
    case BackfillStep::Kind::TableKeysChanged: return "table-keys-changed";
    case BackfillStep::Kind::TableSchemaChanged: return "table-schema-changed";
    case BackfillStep::Kind::NewItemType: return "new-item-type";
    case BackfillStep::Kind::IndexRemoved: return "index-removed";
    }
    return "new-index";
}

bool BackfillEstimate::rewritesBaseTable() const
{
    for (const auto& s : steps) {
        if (s.kind == BackfillStep::Kind::TableKeysChanged || s.kind == BackfillStep::Kind::TableSchemaChanged) return true;
    }
    return false;
}

std::string BackfillEstimate::summary() const
{
    if (steps.empty()) return "Nothing to backfill: no key, index or item type changes.";
    std::string out;
    if (itemsBackfilledOnline > 0 || writeUnitsOnline > 0)
        out += "DynamoDB backfills " + items(itemsBackfilledOnline) + " index entries online (" + items(writeUnitsOnline) +
               " write units). ";
    if (itemsRewritten > 0)
        out += "The application must rewrite " + items(itemsRewritten) + " items (" + items(writeUnitsRewritten) +
               " write units)" + (rewritesBaseTable() ? ", base-table keys included: a migration, not a backfill. " : ". ");
    if (out.empty()) out = "Only online changes, with nothing to write. ";
    out.pop_back();
    return out;
}

BackfillEstimate estimateBackfill(const design::Design& before, const design::Design& after, const CostModel& afterCost)
{
    return Estimator(before, after, afterCost).run();
}

}  // namespace keyplan::analysis
