// The designer's document: one DynamoDB table (key attribute names, billing, GSIs and LSIs), the
// entity types that live in it (attributes, generators, a discriminator value, and a key template
// for every key attribute each entity fills: table keys and index keys, so sparse and overloaded
// indexes are explicit), and the numbered access patterns the design must serve.
//
// Everything is a plain value type. Entities, indexes and patterns carry a stable runtime `id`
// (assigned by Design when added, never written to the file) so an editor can address them across
// renames and reorders: a QUndoCommand keeps the old and new value of one object and calls
// replaceEntity()/replaceIndex()/replacePattern(). References between objects are by name (a
// pattern returns "Order", forces "GSI1"), which keeps the file readable; the rename functions
// update those references too. No Qt signals here: the widgets' models emit them.
//
// Text is UTF-8 std::string throughout, like the dynamo layer.
#pragma once

#include "design/Generator.h"
#include "design/KeyTemplate.h"
#include "dynamo/AttributeValue.h"

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace keyplan::design {

using Id = uint64_t;  // 0: not (yet) part of a design

enum class KeyType { S, N, B };
std::string_view keyTypeName(KeyType type);

struct KeyAttribute {
    std::string name;
    KeyType type = KeyType::S;
    bool operator==(const KeyAttribute&) const = default;
};

enum class BillingMode { OnDemand, Provisioned };

struct Throughput {
    int64_t read = 0;   // RCU
    int64_t write = 0;  // WCU
    bool operator==(const Throughput&) const = default;
};

// A table's stream (DynamoDB Streams): what each change record carries.
enum class StreamView { KeysOnly, NewImage, OldImage, NewAndOldImages };
// DynamoDB's name of a view type ("KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES"), and back.
std::string_view streamViewName(StreamView view);
std::optional<StreamView> streamViewFromName(std::string_view name);

struct Table {
    std::string name = "Table";
    KeyAttribute partitionKey{"PK", KeyType::S};
    std::optional<KeyAttribute> sortKey = KeyAttribute{"SK", KeyType::S};
    BillingMode billing = BillingMode::OnDemand;
    Throughput capacity;                  // provisioned only
    std::string typeAttribute = "_type";  // the discriminator attribute every item carries
    std::string separator = "#";          // the key templates' separator
    std::optional<StreamView> stream;     // DynamoDB Streams on the table, and its view type
    bool operator==(const Table&) const = default;
};

enum class IndexKind { Global, Local };
enum class Projection { KeysOnly, Include, All };
// DynamoDB's name of a projection type ("KEYS_ONLY", "INCLUDE", "ALL"), as the file, the documents and
// the grader write it.
std::string_view projectionTypeName(Projection projection);

struct Index {
    Id id = 0;
    std::string name;
    IndexKind kind = IndexKind::Global;
    // The partition key's attributes in KeySchema order: one, or for a GSI up to four (a
    // multi-attribute key, limits::kKeyAttributes). An LSI's is always the table's (kept equal by Design::setTable and the
    // loader; analysis reads Design::partitionKeysOf()).
    std::vector<KeyAttribute> partitionKeys;
    // The sort key's attributes in order: none, one, or for a GSI up to four. Items of a partition
    // sort by the tuple, attribute by attribute, each by its type's order.
    std::vector<KeyAttribute> sortKeys;
    Projection projection = Projection::All;
    std::vector<std::string> nonKeyAttributes;  // Include only
    std::optional<Throughput> capacity;         // a provisioned GSI's own throughput
    std::string description;
    bool operator==(const Index&) const = default;

    // The first attribute of each key: the whole key of a single-attribute index, and what code
    // that only knows single keys reads (an empty name when the index has no partition key yet).
    const KeyAttribute& partitionKey() const;
    const KeyAttribute* sortKey() const { return sortKeys.empty() ? nullptr : &sortKeys.front(); }
    void setPartitionKey(KeyAttribute key) { partitionKeys = {std::move(key)}; }
    void setSortKey(std::optional<KeyAttribute> key);
    // Whether either key has more than one attribute: its items are filled from their own
    // attributes, queried attribute by attribute, and written to the file in the array form.
    bool multiAttribute() const { return partitionKeys.size() > 1 || sortKeys.size() > 1; }
    // Whether `attributeName` is one of the index's key attributes.
    bool hasKeyAttribute(std::string_view attributeName) const;
};

// One attribute of an entity type.
struct Attribute {
    std::string name;
    dynamo::Type type = dynamo::Type::S;
    Generator generator;
    std::string description;
    // Only part of the keys: the item has no attribute of this name (e.g. customerId inside
    // PK = c#{customerId} in a design that does not also store it).
    bool keyOnly = false;
    // Fraction of items that have the attribute (1 = all). A key whose template uses an absent
    // attribute is not written, which is how a sparse index is made.
    double presence = 1.0;
    bool operator==(const Attribute&) const = default;
};

// How an entity fills one key attribute: a template, and optionally a condition under which
// the key is written at all (`GSI1PK = REVIEW#pending` only while status = pending).
struct KeyBinding {
    KeyTemplate keyTemplate;
    std::string whenAttribute;  // empty: always (subject to the template's variables being present)
    std::string whenEquals;
    // Not a template of the designer's: the entity fills the key attribute from its own attribute
    // of that name (the key IS the attribute, as a multi-attribute index's keys are), and the
    // template is `{name}`. Entity::key() gives these; they are never written to the file.
    bool fromAttribute = false;
    bool conditional() const { return !whenAttribute.empty(); }
    bool operator==(const KeyBinding&) const = default;

    // The binding of an attribute-filled key: one per name for the life of the process (interned,
    // thread-safe), so a caller holds the pointer as it holds an entity's own binding's.
    static const KeyBinding& ofAttribute(std::string_view attributeName);
};

// How many sample items an entity gets: a number of its own (a root), or so many per item of a
// parent entity, spread evenly or Zipf-skewed. A child copies its parent's attributes of the same
// name (an Order's customerId comes from its Customer).
struct SampleSpec {
    int64_t count = 10;    // roots
    std::string parent;    // children: the parent entity's name
    double perParent = 3;  // children: mean children per parent
    Skew skew;             // children: how they spread over parents
    bool operator==(const SampleSpec&) const = default;
};

// How long an entity's items live: DynamoDB's Time to Live deletes an item once the Number of epoch
// seconds in `attribute` is past. The application writes `attribute` = write time + retention, so at a
// steady write rate the entity holds (write rate x retention) items; the deletes cost no write units.
struct TimeToLive {
    std::string attribute = "expiresAt";
    int64_t retentionSeconds = 30 * 86400;
    bool operator==(const TimeToLive&) const = default;
};
// A retention as the file and the editors write it: the largest of d, h, m, s that divides it
// ("30d", "36h", "90s"); and back, refusing anything but a whole number and one of those units.
std::string retentionText(int64_t seconds);
std::optional<int64_t> retentionFromText(std::string_view text);

struct Entity {
    Id id = 0;
    std::string name;
    std::string description;
    std::string typeValue;  // the discriminator's value; empty means the entity's name
    std::vector<Attribute> attributes;
    // Key attribute name -> the template this entity fills it with. A key attribute with no
    // template here is filled from the entity's own attribute of that name, if it has one (key());
    // an entity that fills not every key of an index is not in that index (sparse).
    std::map<std::string, KeyBinding, std::less<>> keys;
    SampleSpec sample;
    // Peak item writes per second (puts and updates), for write cost and hot-partition checks.
    double writesPerSecond = 0;
    // The designer's figure for a whole item's size in bytes, used by the cost estimates; 0 means
    // estimate from the generators. (Sample items keep the size their generators give them.)
    int64_t itemSizeBytes = 0;
    std::optional<TimeToLive> ttl;  // the items expire (Time to Live)
    bool operator==(const Entity&) const = default;

    const Attribute* attribute(std::string_view attributeName) const;
    // How the entity's items get the key attribute: its template in `keys`, else, when the entity
    // has a stored S, N or B attribute of that name, KeyBinding::ofAttribute(); nullptr when they
    // never carry it.
    const KeyBinding* key(std::string_view keyAttribute) const;
    // The template the designer bound in `keys` alone (nullptr for an attribute-filled key).
    const KeyBinding* boundKey(std::string_view keyAttribute) const;
    std::string discriminator() const { return typeValue.empty() ? name : typeValue; }
};

enum class Comparison { Equal, Less, LessOrEqual, Greater, GreaterOrEqual, BeginsWith };
std::string_view comparisonSymbol(Comparison c);  // "=", "<", "<=", ">", ">=", "begins_with"
bool comparisonFromSymbol(std::string_view symbol, Comparison* out);

// One value the caller supplies: it constrains an entity attribute. An input with a fixed value is
// part of the pattern itself ("documents pending review": status = pending), not a parameter.
struct PatternInput {
    std::string name;       // placeholder name, e.g. "customerId" or "from"
    std::string attribute;  // the entity attribute it constrains (defaults to `name` when empty)
    Comparison comparison = Comparison::Equal;
    std::string example;  // an example value for docs and the runner
    std::optional<std::string> fixedValue;
    bool operator==(const PatternInput&) const = default;
    const std::string& attributeName() const { return attribute.empty() ? name : attribute; }
};

struct ReturnedEntity {
    std::string entity;
    double count = 1;  // typical items of this entity per call, before the page size
    bool operator==(const ReturnedEntity&) const = default;
};

enum class Consistency { Eventual, Strong };

// A pattern served from the table's stream rather than by a request to the table: something kept
// up to date from the change records answers it (an analytics store, a search index, a
// denormalised copy in another table). Who reads the stream matters for the bill: GetRecords calls
// made by a Lambda trigger are free, any other reader's are streams read request units.
enum class StreamUse { Analytics, SearchIndex, DenormalisedCopy };
enum class StreamReader { Lambda, Client };
struct StreamServing {
    StreamUse use = StreamUse::Analytics;
    StreamReader reader = StreamReader::Lambda;
    bool operator==(const StreamServing&) const = default;
};
// "analytics", "searchIndex", "copy" and "lambda", "client": the file's names, and back.
std::string_view streamUseName(StreamUse use);
std::optional<StreamUse> streamUseFromName(std::string_view name);
std::string_view streamReaderName(StreamReader reader);
std::optional<StreamReader> streamReaderFromName(std::string_view name);
// In words: "an analytics store", "a search index", "a denormalised copy".
std::string streamUseWords(StreamUse use);
enum class Order { Any, Ascending, Descending };

struct AccessPattern {
    Id id = 0;
    int number = 0;
    std::string name;
    std::string description;
    std::vector<PatternInput> inputs;
    std::string expectedResult;  // prose: what comes back
    std::vector<ReturnedEntity> returns;
    // Attributes the caller needs; empty means whole items (every stored attribute).
    std::vector<std::string> attributes;
    Order order = Order::Any;
    std::string orderBy;              // the attribute the order is by; empty: key order
    std::optional<int64_t> pageSize;  // Limit
    double ratePerSecond = 0;
    Consistency consistency = Consistency::Eventual;
    // The designer's choice, if any: the index ("" = the table) and the key condition, written as
    // the planner writes it: `GSI1PK = STATUS#{status} AND begins_with(GSI1SK, 2026-)` with
    // {input} placeholders.
    std::optional<std::string> forceIndex;
    std::string forceKeyCondition;
    // Served from the table's stream: the planner plans no request for it.
    std::optional<StreamServing> fromStream;
    bool operator==(const AccessPattern&) const = default;

    const PatternInput* input(std::string_view inputName) const;
    bool returnsEntity(std::string_view entityName) const;
};

// Dollar prices for the cost figures: editable, and carrying where and when they hold.
struct PriceTable {
    std::string region = "us-east-1";
    std::string date = "2025-08-19";  // when the figures were read
    // AWS draws the figures on these pages with JavaScript; they agree with dated third-party
    // copies of that date (on-demand halved on 1 Nov 2024).
    std::string source = "AWS DynamoDB pricing, https://aws.amazon.com/dynamodb/pricing/on-demand/ and "
                         "https://aws.amazon.com/dynamodb/pricing/provisioned/ (on-demand after the 1 Nov 2024 cut)";
    double onDemandReadPerMillion = 0.125;     // $ per million read request units
    double onDemandWritePerMillion = 0.625;    // $ per million write request units
    double provisionedReadPerHour = 0.00013;   // $ per RCU-hour
    double provisionedWritePerHour = 0.00065;  // $ per WCU-hour
    double storagePerGbMonth = 0.25;
    double hoursPerMonth = 730;
    // $ per 100,000 streams read request units (one GetRecords call each; a Lambda trigger's are
    // free), us-east-1, read on 2026-12-06 from AWS DynamoDB pricing's "DynamoDB Streams" section
    // (https://aws.amazon.com/dynamodb/pricing/on-demand/, the same figure on the provisioned page;
    // the developer guide's "Evaluate your DynamoDB streams usage" describes the charge). Not
    // counted: the first 2,500,000 a month of the AWS Free Tier.
    double streamReadsPer100k = 0.02;
    bool operator==(const PriceTable&) const = default;
};

class Design {
public:
    // The newest .keyplan.json format this Keyplan reads. A design is written in the oldest format
    // that holds it: 1, or 2 once an index has a multi-attribute key or the design has a stream or
    // Time to Live (see DesignFile.h).
    static constexpr int kFormatVersion = 2;

    Design() = default;

    const std::string& name() const { return name_; }
    void setName(std::string name) { name_ = std::move(name); }
    const std::string& description() const { return description_; }
    void setDescription(std::string description) { description_ = std::move(description); }

    const Table& table() const { return table_; }
    // Also keeps every LSI's partition key equal to the table's.
    void setTable(Table table);

    const PriceTable& prices() const { return prices_; }
    void setPrices(PriceTable prices) { prices_ = std::move(prices); }

    // What another tool keeps in a design that Keyplan does not model, so that a round trip
    // through Keyplan loses nothing (e.g. "workbench": the NoSQL Workbench model a design was
    // imported from, with its sample items and metadata). Name -> the text of a JSON object,
    // kept as it is; io/ reads and writes it, nothing else looks inside.
    const std::map<std::string, std::string, std::less<>>& extensions() const { return extensions_; }
    const std::string* extension(std::string_view name) const;
    // An empty `json` removes the extension.
    void setExtension(const std::string& name, std::string json);

    // ---- Indexes (GSIs and LSIs, in the order shown and written) ----
    const std::vector<Index>& indexes() const { return indexes_; }
    const Index* index(Id id) const;
    const Index* indexByName(std::string_view name) const;
    // Adds at `position` (-1: the end) and returns the new id (index.id is ignored).
    Id addIndex(Index index, int position = -1);
    // Replaces the index with the same id; false if there is none.
    bool replaceIndex(const Index& index);
    bool removeIndex(Id id);
    bool moveIndex(Id id, int position);
    // Renames and updates the patterns that force it.
    bool renameIndex(Id id, const std::string& newName);

    // ---- Entities ----
    const std::vector<Entity>& entities() const { return entities_; }
    const Entity* entity(Id id) const;
    const Entity* entityByName(std::string_view name) const;
    Id addEntity(Entity entity, int position = -1);
    bool replaceEntity(const Entity& entity);
    bool removeEntity(Id id);
    bool moveEntity(Id id, int position);
    // Renames and updates patterns' returns, sample parents and ref() generators.
    bool renameEntity(Id id, const std::string& newName);

    // ---- Access patterns ----
    const std::vector<AccessPattern>& patterns() const { return patterns_; }
    const AccessPattern* pattern(Id id) const;
    const AccessPattern* patternByNumber(int number) const;
    Id addPattern(AccessPattern pattern, int position = -1);
    bool replacePattern(const AccessPattern& pattern);
    bool removePattern(Id id);
    bool movePattern(Id id, int position);
    int nextPatternNumber() const;

    // ---- Questions every consumer asks ----
    // The table's Time to Live attribute: the first an entity names (DynamoDB has one per table;
    // Lint says when entities name different ones). nullopt when no entity's items expire.
    std::optional<std::string> timeToLiveAttribute() const;
    // Whether the design uses what format version 2 of the file adds besides multi-attribute keys:
    // a stream, an entity's Time to Live, a pattern served from the stream, a streams price of its own.
    bool usesStreamsOrTimeToLive() const;
    // The partition and sort key of the table (indexName empty) or an index; nullptr when there
    // is no such index or no sort key. Of a multi-attribute key, its first attribute: code that
    // reads the whole key asks partitionKeysOf()/sortKeysOf().
    const KeyAttribute* partitionKeyOf(std::string_view indexName) const;
    const KeyAttribute* sortKeyOf(std::string_view indexName) const;
    // Every attribute of the partition (sort) key of the table or an index, in KeySchema order;
    // empty when there is no such index (or sort key).
    std::span<const KeyAttribute> partitionKeysOf(std::string_view indexName) const;
    std::span<const KeyAttribute> sortKeysOf(std::string_view indexName) const;
    // Every key attribute name in the design's order: table PK, SK, then each index's keys.
    std::vector<std::string> keyAttributeNames() const;
    // The declared type of a key attribute (S when it is no key of the table or an index).
    KeyType keyAttributeType(std::string_view attributeName) const;
    // Whether any index has a multi-attribute key (the file then needs format version 2).
    bool usesMultiAttributeKeys() const;

    // Whether the entity's items carry every key attribute of the table (indexName empty) or an
    // index: DynamoDB puts an item in an index only then (an item whose attribute is absent, by its
    // presence, is left out too: sparse).
    bool entityIn(const Entity& entity, std::string_view indexName) const;
    // A rendered key template as the value of that key attribute, in its declared type. nullopt when
    // a number key renders text that is no DynamoDB number: the item then lacks the key (Lint names
    // the template), rather than carrying a string DynamoDB would refuse for a number key or a number
    // made up from the text.
    std::optional<dynamo::AttributeValue> keyAttributeValue(std::string_view attributeName, std::string rendered) const;
    // Entities that fill every key of the table (indexName empty) or an index.
    std::vector<const Entity*> entitiesIn(std::string_view indexName) const;

    // Which entity a stored item is, and its attribute values read back from its keys: by the
    // discriminator when the item has it, else by matching the table key templates.
    struct Identified {
        const Entity* entity = nullptr;
        Values values;  // attribute values from the key templates and the item's own attributes
    };
    std::optional<Identified> identify(const dynamo::Item& item) const;

    bool operator==(const Design& other) const;

private:
    // Where each entity and pattern is in its vector: the lookups by name, id and number that the
    // analysis makes for every entity and pattern stay logarithmic (a scan each made a 5,000-entity
    // design quadratic). Appends index the new one; other changes rebuild the positions.
    struct Positions {
        std::map<std::string, size_t, std::less<>> entityNames;  // the first entity of a name
        std::map<Id, size_t> entityIds;
        std::map<std::string, std::vector<size_t>, std::less<>> discriminators;
        std::map<Id, size_t> patternIds;
        std::map<int, size_t> patternNumbers;  // the first pattern of a number
    };
    void indexEntity(size_t position);
    void reindexEntities();
    void indexPattern(size_t position);
    void reindexPatterns();

    Positions positions_;
    Id nextId_ = 1;
    std::string name_;
    std::string description_;
    Table table_;
    PriceTable prices_;
    std::vector<Index> indexes_;
    std::vector<Entity> entities_;
    std::vector<AccessPattern> patterns_;
    std::map<std::string, std::string, std::less<>> extensions_;
};

// What a key template's rules need to know about the variable `name` of `entity` when it fills
// `keyAttribute` (an N key holding one number sorts numerically, so needs no padding).
VariableTraits variableTraits(const Design& design, const Entity& entity, std::string_view name, std::string_view keyAttribute);

}  // namespace keyplan::design
