// SqliteStore's reads: GetItem, and Query and Scan as SQLite range scans over the table or an
// index, paginated the way DynamoDB pages (Limit counts items read, a 1 MB read cap before the
// filter, LastEvaluatedKey = keys of the last item read).
#include "engine/SqliteStore.h"

#include "dynamo/Capacity.h"
#include "dynamo/Error.h"
#include "dynamo/ItemCodec.h"
#include "dynamo/KeyCodec.h"
#include "dynamo/KeyRange.h"
#include "engine/ItemChecks.h"
#include "engine/RequestExpressions.h"
#include "engine/StoreImpl.h"

#include <algorithm>
#include <deque>
#include <map>
#include <span>

namespace keyplan::engine {

using namespace store;  // the request and response vocabulary this engine implements

using dynamo::throwValidation;

namespace {

constexpr int64_t kPageBytes = 1024 * 1024;  // [AWS] 1 MB read per Query/Scan call, before the filter

// Text the store answers a starting key with the wrong attributes (DynamoDB Local 1.25).
constexpr const char* kStartKeySize = "Exclusive Start Key must have same size as table's key schema";

// The byte range of the sort keys a Query's condition selects (dynamo/KeyRange.h).
dynamo::KeyRange sortRangeOf(const KeyCondition& k, bool tuple)
{
    using Op = KeyCondition::SortOp;
    std::optional<dynamo::SortComparison> last;
    if (k.sortOp != Op::None) {
        dynamo::SortComparison c;
        c.value = &k.sortValue;
        c.high = &k.sortValue2;
        switch (k.sortOp) {
        case Op::None:
        case Op::Eq: c.op = dynamo::KeyComparison::Eq; break;
        case Op::Lt: c.op = dynamo::KeyComparison::Lt; break;
        case Op::Le: c.op = dynamo::KeyComparison::Le; break;
        case Op::Gt: c.op = dynamo::KeyComparison::Gt; break;
        case Op::Ge: c.op = dynamo::KeyComparison::Ge; break;
        case Op::Between: c.op = dynamo::KeyComparison::Between; break;
        case Op::BeginsWith: c.op = dynamo::KeyComparison::BeginsWith; break;
        }
        last = c;
    }
    std::vector<const dynamo::AttributeValue*> equalities;
    for (const auto& v : k.sortEqualities) equalities.push_back(&v);
    return dynamo::sortKeyRange(equalities, last, tuple);
}

// Which attributes a Query or Scan returns.
enum class Fetch { Count, Stored, WithTableAttributes };

struct ReadPlan {
    const IndexSchema* index = nullptr;
    Fetch fetch = Fetch::Stored;
    bool consistent = false;
    // An LSI read that names attributes the index does not project reads each item from the
    // table too (its filter and projection see the whole item), at the cost of that read.
    bool readTableItem = false;
};

template <class Request>
ReadPlan planRead(const TableSchema& schema, const Request& r, bool isQuery)
{
    ReadPlan plan;
    if (r.limit && *r.limit < 1) throwValidation("Limit must be greater than or equal to 1");
    if (r.indexName) {
        plan.index = schema.findIndex(*r.indexName);
        if (!plan.index) throwValidation("The table does not have the specified index: " + *r.indexName);
        // [AWS] a GSI added by UpdateTable answers reads only once its backfill is done.
        if (plan.index->creating) throwValidation("Cannot read from backfilling global secondary index: " + plan.index->name);
    }
    plan.consistent = r.consistentRead.value_or(false);
    if (plan.consistent && plan.index && plan.index->global)
        throwValidation(isQuery ? "Consistent read cannot be true when querying a GSI"
                                : "Consistent read cannot be true when scanning a GSI");
    const bool hasProjection = r.projectionExpression.has_value() || r.attributesToGet.has_value();
    // The texts name the parameter sent; both at once is the mixing error, reported later.
    const std::string named = r.attributesToGet ? "AttributesToGet" : "ProjectionExpression";
    if (r.select && !(r.projectionExpression && r.attributesToGet)) {
        switch (*r.select) {
        case Select::AllProjectedAttributes:
            // DynamoDB Local reports a projection before a missing index.
            if (hasProjection) throwValidation("Cannot specify the " + named + " when choosing to get ALL_PROJECTED_ATTRIBUTES");
            if (!plan.index)
                throwValidation(isQuery ? "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName"
                                        : "ALL_PROJECTED_ATTRIBUTES can be used only when Scanning using an IndexName");
            break;
        case Select::AllAttributes:
            if (hasProjection) throwValidation("Cannot specify the " + named + " when choosing to get ALL_ATTRIBUTES");
            if (plan.index && plan.index->global && plan.index->projection.projectionType != ProjectionType::All)
                throwValidation("One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for "
                                "global secondary index " +
                                plan.index->name + " because its projection type is not ALL");
            if (plan.index && !plan.index->global && plan.index->projection.projectionType != ProjectionType::All) {
                plan.fetch = Fetch::WithTableAttributes;
                plan.readTableItem = true;
            }
            break;
        case Select::SpecificAttributes:
            if (!hasProjection)
                throwValidation(
                    "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES");
            break;
        case Select::Count:
            if (hasProjection) throwValidation("Cannot specify the " + named + " when choosing to get only the Count");
            plan.fetch = Fetch::Count;
            break;
        }
    }
    return plan;
}

std::string joined(const std::vector<std::string>& names)
{
    std::string out;
    for (const auto& name : names) out += (out.empty() ? "" : ", ") + name;
    return "[" + out + "]";
}

// [AWS] A GSI answers only from what it projects: a filter, projection or AttributesToGet
// naming anything else is refused (DynamoDB Local's texts; it lists a filter's names sorted and
// a projection's in its HashSet's order). An LSI instead reads the table item for them.
void checkIndexProjects(const TableSchema& schema, ReadPlan& plan, const ReadExpressions& expressions)
{
    if (!plan.index) return;
    auto missingOf = [&](const std::vector<std::string>& names) {
        std::vector<std::string> missing;
        for (const auto& name : names)
            if (!plan.index->projects(name, schema)) missing.push_back(name);
        return missing;
    };
    std::vector<std::string> filterMissing = missingOf(expressions.filterAttributeNames());
    std::vector<std::string> projectionMissing = missingOf(expressions.projectedAttributeNames());
    if (!plan.index->global) {
        if (!filterMissing.empty() || !projectionMissing.empty()) plan.readTableItem = true;
        return;
    }
    if (!filterMissing.empty()) {
        std::sort(filterMissing.begin(), filterMissing.end());
        throwValidation("One or more parameter values were invalid: Secondary index " + plan.index->name +
                        " does not project one or more filter attributes: " + joined(filterMissing));
    }
    if (!projectionMissing.empty()) {
        std::vector<std::string> ordered;
        for (size_t i : javaHashMapOrder(projectionMissing)) ordered.push_back(projectionMissing[i]);
        throwValidation("One or more parameter values were invalid: Global secondary index " + plan.index->name +
                        " does not project " + joined(ordered));
    }
}

// A starting key must name exactly the keys of what is read: the table's, plus the index's (every
// attribute of a multi-attribute key). DynamoDB's texts for a single key serve a multi-attribute one.
void checkStartKey(const TableSchema& schema, const IndexSchema* index, const Item& start)
{
    std::vector<const KeyAttribute*> keys{&schema.hash};
    if (schema.range) keys.push_back(&*schema.range);
    if (index) {
        for (const auto* list : {&index->hashKeys, &index->rangeKeys})
            for (const auto& k : *list)
                if (!schema.isKeyAttribute(k.name)) keys.push_back(&k);
    }
    if (start.size() != keys.size()) throwValidation(kStartKeySize);
    for (const KeyAttribute* key : keys) {
        auto it = start.find(key->name);
        if (it == start.end())
            throwValidation("The provided starting key is invalid: The provided key element does not match the schema");
        if (it->second.type() != key->type) throwValidation("Type mismatch for attribute to update");
    }
}

Item lastEvaluatedKeyOf(const TableSchema& schema, const IndexSchema* index, const Item& stored)
{
    Item key = schema.keyOf(stored);
    if (index) {
        for (const auto* list : {&index->hashKeys, &index->rangeKeys})
            for (const auto& k : *list) key.emplace(k.name, stored.at(k.name));
    }
    return key;
}

// Parallel Scan's parameters: the constraint failures first, all together as the service's
// binding reports them, then the pairing rules (texts of dynalite, tested against DynamoDB;
// DynamoDB Local words these differently and compares Segment with its own bounds).
void checkParallelScan(const ScanRequest& r)
{
    std::vector<std::string> failures;
    auto fail = [&](int64_t value, const char* member, const std::string& constraint) {
        failures.push_back("Value '" + std::to_string(value) + "' at '" + member +
                           "' failed to satisfy constraint: Member must have value " + constraint);
    };
    if (r.segment && *r.segment < 0) fail(*r.segment, "segment", "greater than or equal to 0");
    if (r.segment && *r.segment > 999999) fail(*r.segment, "segment", "less than or equal to 999999");
    if (r.totalSegments && *r.totalSegments < 1) fail(*r.totalSegments, "totalSegments", "greater than or equal to 1");
    if (r.totalSegments && *r.totalSegments > 1000000) fail(*r.totalSegments, "totalSegments", "less than or equal to 1000000");
    if (!failures.empty()) {
        std::string message = std::to_string(failures.size()) + " validation error" + (failures.size() > 1 ? "s" : "") +
                              " detected: ";
        for (size_t i = 0; i < failures.size(); ++i) message += (i ? "; " : "") + failures[i];
        throwValidation(message);
    }
    if (r.segment && !r.totalSegments)
        throwValidation(
            "The TotalSegments parameter is required but was not present in the request when Segment parameter is present");
    if (r.totalSegments && !r.segment)
        throwValidation(
            "The Segment parameter is required but was not present in the request when parameter TotalSegments is present");
    if (r.segment && *r.segment >= *r.totalSegments)
        throwValidation("The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: " +
                        std::to_string(*r.segment) + " is not less than TotalSegments: " + std::to_string(*r.totalSegments));
}

}  // namespace

// ---- GetItem ----------------------------------------------------------------------------------

GetItemResponse SqliteStore::getItem(const GetItemRequest& request)
{
    ReadAccess access(*d_);
    TableState& t = d_->table(request.tableName);
    checkKey(t.schema, request.key);
    ReadExpressions expressions(request.projectionExpression, request.expressionAttributeNames, request.attributesToGet);
    const bool consistent = request.consistentRead.value_or(false);
    const RowKey key = rowKeyOf(t.schema, request.key);
    std::optional<StoredItem> stored = SqliteStore::Impl::load(access.connection(), t, key);

    // [AWS] A read is rounded up to 4 KB; a missing item still costs the minimum.
    const double units = dynamo::readUnits(stored ? stored->size : 0, consistent);
    d_->meterRead(t, nullptr, key.hash, key.pk, units);
    CapacityTally tally(t.schema.name);
    tally.addTable(units);

    GetItemResponse response;
    if (stored) response.item = expressions.hasProjection() ? expressions.project(stored->item) : std::move(stored->item);
    response.consumedCapacity = tally.result(request.returnConsumedCapacity, CapacityKind::Read);
    return response;
}

// ---- Query and Scan ---------------------------------------------------------------------------

namespace {

// One page of a Query or Scan, fed row by row from an index range scan and collected the way
// DynamoDB pages; it also knows what the page cost.
class PageCollector {
public:
    PageCollector(const TableState& table, const ReadPlan& plan, const ReadExpressions& expressions, std::optional<int64_t> limit,
                  sqlite::Database& connection)
        : table_(table), plan_(plan), expressions_(expressions), limit_(limit), connection_(connection),
          handOn_(plan.fetch == Fetch::Stored && !plan.readTableItem && !expressions.hasFilter() && !expressions.hasProjection())
    {
    }

    // Returns false when the page is full (Limit or 1 MB reached).
    bool add(int64_t size, std::string_view encoded)
    {
        bytesRead_ += size;
        ++response_.scannedCount;
        const bool full = (limit_ && response_.scannedCount >= *limit_) || bytesRead_ >= kPageBytes;
        // Select=COUNT without a filter needs no item but the last one a page ends on (its keys).
        if (plan_.fetch == Fetch::Count && !expressions_.hasFilter() && !plan_.readTableItem && !full) {
            ++response_.count;
            return true;
        }
        // Nothing reads the item: the answer takes its stored bytes, decoded only by whoever
        // looks at them (store/ItemList.h); the last one of a full page gives its keys.
        if (handOn_) {
            ++response_.count;
            if (full) response_.lastEvaluatedKey = lastEvaluatedKeyOf(table_.schema, plan_.index, dynamo::decodeItem(encoded));
            stored_.appendEncoded(encoded);
            return !full;
        }
        Item stored = dynamo::decodeItem(encoded);
        if (full) response_.lastEvaluatedKey = lastEvaluatedKeyOf(table_.schema, plan_.index, stored);
        // An LSI read naming attributes it does not project fetches them from the table, at the
        // cost of reading the table item.
        std::optional<Item> whole;
        if (plan_.readTableItem) {
            if (auto loaded = SqliteStore::Impl::load(connection_, table_, rowKeyOf(table_.schema, stored))) {
                tableUnits_ += dynamo::readUnits(loaded->size, plan_.consistent);
                whole = std::move(loaded->item);
            }
        }
        const Item& seen = whole ? *whole : stored;
        if (!expressions_.hasFilter() || expressions_.matchesFilter(seen)) {
            ++response_.count;
            if (plan_.fetch == Fetch::Count) return !full;
            if (expressions_.hasProjection()) items_.push_back(expressions_.project(seen));
            else if (plan_.fetch == Fetch::WithTableAttributes && whole) items_.push_back(std::move(*whole));
            else items_.push_back(std::move(stored));
        }
        return !full;
    }

    // [AWS] A Query or Scan sums the sizes of the items read and rounds once; an empty read still
    // costs the minimum (DynamoDB Local charges 0 there; we follow the service).
    double indexOrTableUnits() const { return dynamo::readUnits(bytesRead_, plan_.consistent); }
    double extraTableUnits() const { return tableUnits_; }

    QueryResponse finish(ReturnConsumedCapacity mode)
    {
        CapacityTally tally(table_.schema.name);
        if (plan_.index) {
            tally.addTable(tableUnits_);
            tally.addIndex(*plan_.index, indexOrTableUnits());
        } else {
            tally.addTable(indexOrTableUnits());
        }
        if (handOn_) response_.items = std::move(stored_);
        else if (plan_.fetch != Fetch::Count)
            response_.items = std::vector<Item>(std::make_move_iterator(items_.begin()), std::make_move_iterator(items_.end()));
        response_.consumedCapacity = tally.result(mode, CapacityKind::Read);
        return std::move(response_);
    }

private:
    const TableState& table_;
    const ReadPlan& plan_;
    const ReadExpressions& expressions_;
    std::optional<int64_t> limit_;
    sqlite::Database& connection_;
    QueryResponse response_;
    int64_t bytesRead_ = 0;
    double tableUnits_ = 0;
    // Collected in blocks, the response's vector made once at the end: a page's items are the
    // store's many small allocations (map nodes, strings), and the first large one glibc's malloc
    // serves (a growing vector's) first merges every small block freed since (the previous
    // page's items), after which each small allocation takes the slow path. Made last, the
    // vector finds those blocks already reused: a Query of 25 items costs a fifth less.
    std::deque<Item> items_;
    const bool handOn_;  // the items go into the answer as stored (no filter, projection or table read)
    ItemList stored_;
};

}  // namespace

namespace {

// The keys a Query reads by: the table's or the index's, in key order.
struct QueryKeys {
    std::span<const KeyAttribute> hash;
    std::span<const KeyAttribute> range;
};

QueryKeys queryKeysOf(const TableSchema& s, const IndexSchema* index)
{
    if (index) return {index->hashKeys, index->rangeKeys};
    QueryKeys keys{std::span(&s.hash, 1), {}};
    if (s.range) keys.range = std::span(&*s.range, 1);
    return keys;
}

// Where a Query resumes: strictly after the starting key, in the read direction.
struct QueryStart {
    std::string sk;                // the encoded sort key of the table or index (empty without one)
    std::string tie, pk, tableSk;  // an index entry's tie-break and table key
};

std::string encodedKeyOf(const Item& item, std::span<const KeyAttribute> keys)
{
    std::vector<const dynamo::AttributeValue*> values;
    for (const auto& k : keys) values.push_back(&item.at(k.name));
    return dynamo::encodeKeyParts(values);
}

std::optional<QueryStart> queryStartOf(const QueryRequest& r, const TableSchema& s, const ReadPlan& plan, const QueryKeys& keys,
                                       const std::string& pk, const dynamo::KeyRange& sortRange, bool forward)
{
    if (!r.exclusiveStartKey) return std::nullopt;
    const Item& start = *r.exclusiveStartKey;
    checkStartKey(s, plan.index, start);
    constexpr const char* kOutside = "The provided starting key does not match the range key predicate";
    if (encodedKeyOf(start, keys.hash) != pk) throwValidation(kOutside);
    QueryStart at;
    if (!keys.range.empty()) {
        at.sk = encodedKeyOf(start, keys.range);
        if (!sortRange.contains(at.sk)) throwValidation(kOutside);
        // A table's sort keys are unique in a partition: a key at the inclusive end of the range
        // leaves nothing to read after it, and no answer ends a page there (query()).
        if (!plan.index && sortRange.endsAt(at.sk, forward)) throwValidation(kOutside);
    }
    // A table without a sort key holds one item per partition key: resuming after it reads
    // nothing (its encoded sort key is empty, and nothing sorts before or after it).
    if (plan.index) {
        at.tie = indexEntryOf(s, *plan.index, start)->tie;
        RowKey tableKey = rowKeyOf(s, start);
        at.pk = std::move(tableKey.pk);
        at.tableSk = std::move(tableKey.sk);
    }
    return at;
}

// The SQL is assembled only from fixed fragments and the store's own table names.
std::string querySql(const TableSchema& s, const ReadPlan& plan, const dynamo::KeyRange& sortRange, bool resumes, bool forward)
{
    const char* asc = forward ? "" : " DESC";
    std::string where;
    auto addSortBounds = [&](const std::string& column) {
        if (sortRange.lower) where += " AND " + column + (sortRange.lower->inclusive ? " >= ?3" : " > ?3");
        if (sortRange.upper) where += " AND " + column + (sortRange.upper->inclusive ? " <= ?4" : " < ?4");
    };
    if (!plan.index) {
        where = "h=?1 AND pk=?2";
        addSortBounds("sk");
        if (resumes) where += forward ? " AND sk > ?5" : " AND sk < ?5";
        return "SELECT size, item FROM " + s.sqlName + " WHERE " + where + " ORDER BY sk" + asc;
    }
    where = plan.index->global ? "ipk=?2" : "h=?1 AND ipk=?2";
    addSortBounds("isk");
    if (resumes) where += forward ? " AND (isk, tie, pk, sk) > (?5, ?6, ?7, ?8)" : " AND (isk, tie, pk, sk) < (?5, ?6, ?7, ?8)";
    return "SELECT size, item FROM " + plan.index->sqlName + " WHERE " + where + " ORDER BY isk" + asc + ", tie" + asc + ", pk" +
           asc + ", sk" + asc;
}

}  // namespace

QueryResponse SqliteStore::query(const QueryRequest& request)
{
    ReadAccess access(*d_);
    TableState& t = d_->table(request.tableName);
    const TableSchema& s = t.schema;
    ReadPlan plan = planRead(s, request, true);
    const QueryKeys keys = queryKeysOf(s, plan.index);
    ReadExpressions expressions(request, keys.hash, keys.range);
    checkIndexProjects(s, plan, expressions);
    const KeyCondition& condition = expressions.keyCondition();
    const dynamo::KeyRange sortRange = sortRangeOf(condition, keys.range.size() > 1);
    const bool forward = request.scanIndexForward.value_or(true);
    std::vector<const dynamo::AttributeValue*> partitionValues;
    for (const auto& v : condition.partitionValues) partitionValues.push_back(&v);
    const std::string pk = dynamo::encodeKeyParts(partitionValues);
    const std::optional<QueryStart> start = queryStartOf(request, s, plan, keys, pk, sortRange, forward);

    const dynamo::KeyHash pkHash = dynamo::partitionKeyHashOfEncoded(pk);
    const std::string hashPrefix(reinterpret_cast<const char*>(pkHash.data()), kHashPrefixBytes);
    PageCollector page(t, plan, expressions, request.limit, access.connection());
    {
        auto st = access.connection().prepare(querySql(s, plan, sortRange, start.has_value(), forward));
        if (!plan.index || !plan.index->global) st.bind(1, hashPrefix);
        st.bind(2, pk);
        if (sortRange.lower) st.bind(3, sortRange.lower->bytes);
        if (sortRange.upper) st.bind(4, sortRange.upper->bytes);
        if (start) st.bind(5, start->sk);
        if (plan.index && start) st.bind(6, start->tie).bind(7, start->pk).bind(8, start->tableSk);
        while (st.step()) {
            if (!page.add(st.int64(0), st.blob(1))) break;
        }
    }
    d_->meterRead(t, plan.index && plan.index->global ? plan.index : nullptr, hashPrefix, pk,
                  page.indexOrTableUnits() + page.extraTableUnits());
    QueryResponse response = page.finish(request.returnConsumedCapacity);
    // A partition key of a table without a sort key names at most one item, so there is never a
    // next page (DynamoDB Local answers so too; a LastEvaluatedKey here only costs clients a call).
    if (!plan.index && !s.range) response.lastEvaluatedKey.reset();
    // Likewise when the last item read is the inclusive end of the sort-key range (DynamoDB
    // Local's answer: a BETWEEN, <= or = that the page reached the end of has no next page).
    if (!plan.index && s.range && response.lastEvaluatedKey &&
        sortRange.endsAt(dynamo::encodeKey(response.lastEvaluatedKey->at(s.range->name)), forward))
        response.lastEvaluatedKey.reset();
    return response;
}

ScanResponse SqliteStore::scan(const ScanRequest& request) { return scanMetered(request, true); }

ScanResponse SqliteStore::browse(const ScanRequest& request) { return scanMetered(request, false); }

ScanResponse SqliteStore::scanMetered(const ScanRequest& request, bool metered)
{
    checkParallelScan(request);
    ReadAccess access(*d_);
    TableState& t = d_->table(request.tableName);
    const TableSchema& s = t.schema;
    ReadPlan plan = planRead(s, request, false);
    ReadExpressions expressions(request);
    checkIndexProjects(s, plan, expressions);

    // Parallel scan: segment i of n covers the i-th of n equal ranges of the hash space of the
    // table's partition key, so the segments are disjoint and together complete. DynamoDB leaves
    // open which item falls in which segment; DynamoDB Local segments an index on its table's
    // partition key too (asked with boto3: a GSI's items fall in the segments of their table
    // partition key, not of the index's), and so does Keyplan.
    std::string segmentLow, segmentHigh;
    if (request.totalSegments && *request.totalSegments > 1) {
        auto boundary = [](int64_t segment, int64_t total) {
            const unsigned __int128 span = static_cast<unsigned __int128>(1) << 64;
            const uint64_t value = static_cast<uint64_t>(span * static_cast<uint64_t>(segment) / static_cast<uint64_t>(total));
            std::string out(kHashPrefixBytes, '\0');
            for (size_t i = 0; i < kHashPrefixBytes; ++i) out[i] = static_cast<char>(value >> (8 * (kHashPrefixBytes - 1 - i)));
            return out;
        };
        if (*request.segment > 0) segmentLow = boundary(*request.segment, *request.totalSegments);
        if (*request.segment + 1 < *request.totalSegments) segmentHigh = boundary(*request.segment + 1, *request.totalSegments);
    }
    auto inSegment = [&](std::string_view tableHash) {
        return (segmentLow.empty() || tableHash >= segmentLow) && (segmentHigh.empty() || tableHash < segmentHigh);
    };

    std::optional<RowKey> startRow;
    std::optional<IndexEntry> startEntry;
    if (request.exclusiveStartKey) {
        checkStartKey(s, plan.index, *request.exclusiveStartKey);
        startRow = rowKeyOf(s, *request.exclusiveStartKey);
        if (plan.index) startEntry = indexEntryOf(s, *plan.index, *request.exclusiveStartKey);
        // The key must belong to the segment scanned (DynamoDB Local's text).
        if (!inSegment(startRow->hash)) throwValidation("Exclusive start key must lie within the segment");
    }

    // A table's rows and an LSI's entries lead with the table's hash (h): SQLite bounds the
    // segment. A GSI's entries are ordered by the index key: its segment is picked row by row
    // from the hash of the table partition key each entry carries.
    const bool segmentByRow = plan.index && plan.index->global && (!segmentLow.empty() || !segmentHigh.empty());
    std::string sql;
    if (!plan.index) {
        std::string where = "1";
        if (!segmentLow.empty()) where += " AND h >= ?1";
        if (!segmentHigh.empty()) where += " AND h < ?2";
        if (startRow) where += " AND (h, pk, sk) > (?3, ?4, ?5)";
        sql = "SELECT size, item, h, pk FROM " + s.sqlName + " WHERE " + where + " ORDER BY h, pk, sk";
    } else {
        std::string where = "1";
        if (!plan.index->global && !segmentLow.empty()) where += " AND h >= ?1";
        if (!plan.index->global && !segmentHigh.empty()) where += " AND h < ?2";
        // DynamoDB Local walks a GSI in index-key order (not hashed) and an LSI in table-hash order.
        const std::string order = plan.index->global ? "ipk, isk, tie, pk, sk" : "h, ipk, isk, tie, pk, sk";
        if (startEntry)
            where += plan.index->global ? " AND (ipk, isk, tie, pk, sk) > (?3, ?4, ?5, ?6, ?7)"
                                        : " AND (h, ipk, isk, tie, pk, sk) > (?8, ?3, ?4, ?5, ?6, ?7)";
        sql = "SELECT size, item, h, pk FROM " + plan.index->sqlName + " WHERE " + where + " ORDER BY " + order;
    }

    PageCollector page(t, plan, expressions, request.limit, access.connection());
    // Per-partition traffic: a Scan spreads its reads over the partitions it walks, metered
    // once per page from a local tally.
    std::map<std::string, double> unitsByHash;
    {
        auto st = access.connection().prepare(sql);
        if (!segmentByRow && !segmentLow.empty()) st.bind(1, segmentLow);
        if (!segmentByRow && !segmentHigh.empty()) st.bind(2, segmentHigh);
        if (startRow && !plan.index) st.bind(3, startRow->hash).bind(4, startRow->pk).bind(5, startRow->sk);
        if (startEntry) {
            st.bind(3, startEntry->ipk).bind(4, startEntry->isk).bind(5, startEntry->tie).bind(6, startRow->pk).bind(7, startRow->sk);
            if (!plan.index->global) st.bind(8, startRow->hash);
        }
        while (st.step()) {
            if (segmentByRow) {
                const dynamo::KeyHash tableHash = dynamo::partitionKeyHashOfEncoded(st.blob(3));
                if (!inSegment(std::string_view(reinterpret_cast<const char*>(tableHash.data()), kHashPrefixBytes))) continue;
            }
            const int64_t size = st.int64(0);
            unitsByHash[std::string(st.blob(2))] += static_cast<double>(size) / dynamo::kReadUnitBytes *
                                                    (plan.consistent ? 1.0 : 0.5);
            if (!page.add(size, st.blob(1))) break;
        }
    }
    if (metered) {
        for (const auto& [hash, units] : unitsByHash)
            d_->meterRead(t, plan.index && plan.index->global ? plan.index : nullptr, hash, {}, units);
    }
    return page.finish(request.returnConsumedCapacity);
}

}  // namespace keyplan::engine
