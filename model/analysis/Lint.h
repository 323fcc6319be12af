// The risks of a design, each as a finding with a severity, the thing it is about and a sentence
// that says what goes wrong and what to do:
//  - hot partitions: a constant or low-cardinality partition key (STATUS#{status}) or a date-only
//    one (ORDERS#{day}) takes all its writes on one partition; with the write rate the entity
//    declares, the shard count that keeps the busiest value under 1,000 WCU per partition;
//  - unbounded item collections (a customer's orders over time) with time-bucketing advice;
//  - the 10 GB item-collection cap that any LSI imposes;
//  - index count limits (20 GSIs by default, 5 LSIs hard) and indexes no pattern uses;
//  - key-template rules (one separator, ISO dates, zero-padded numbers, no value that can contain
//    the separator) and templates of two entities that can write the same key;
//  - structure: entities that do not fill the table's keys, references to nothing, a key attribute
//    an entity stores with a type other than the key's;
//  - streams and Time to Live (StreamAnalysis.h): one TTL attribute per table, a Number, at most two
//    readers per shard; a collection that grows over time is bounded once its items expire;
//  - what the access patterns ask of the keys (AccessRisks.h): a lookup by an attribute that must
//    be unique (a login by e-mail) that only a GSI serves, and a tenant's partition read at a
//    high rate (a noisy neighbour);
//  - a synthetic index key that only joins the entity's own attributes, where a multi-attribute
//    key would do (MultiKeyConversion.h).
#pragma once

#include <string>
#include <vector>

#include "analysis/Plan.h"
#include "design/Design.h"

namespace keyplan::analysis {

class CostModel;

struct Finding {
    enum class Severity { Info, Warning, Error };
    enum class Rule {
        HotPartition,         // constant, low-cardinality or date-only partition key
        UnboundedCollection,  // grows without bound over time
        LsiCollectionLimit,   // 10 GB per item collection with an LSI
        IndexLimit,           // more than 20 GSIs or 5 LSIs
        UnusedIndex,          // no pattern reads it
        KeyFormat,            // a key-template rule (see TemplateIssue)
        KeyCollision,         // two entities can write the same table key
        Structure,            // missing table keys, unknown references
        TimeToLive,           // one Time to Live attribute per table, a Number, a write rate to size by
        Stream,               // readers of the table's stream
        Uniqueness,           // a lookup by an attribute a GSI cannot keep unique
        NoisyNeighbour,       // a tenant's partition read at a high rate
        // An index whose synthetic keys only join attributes its entities already have
        // (GSI1PK = STATUS#{status}#{orderDay}): a multi-attribute key on those attributes does the
        // same without a key for every writer to build, and is backfilled without rewriting an item
        // (analysis/MultiKeyConversion.h converts it).
        MultiAttributeKey,
    };
    Severity severity = Severity::Warning;
    Rule rule = Rule::Structure;
    std::string entity;  // the entity concerned, if any
    std::string index;   // the index concerned ("" for the table or none)
    std::string key;     // the key attribute concerned, if any
    std::string message;
    // HotPartition: the shards that keep the busiest key value under 1,000 WCU/s at the
    // declared rate (1 when it already fits), and that rate in WCU/s.
    int shards = 0;
    double busiestWriteUnits = 0;
    // KeyCollision: how many entities can write the same key (the message names the first few).
    int entityCount = 0;
};

std::string_view severityName(Finding::Severity s);  // "info", "warning", "error"
std::string_view ruleName(Finding::Rule r);          // "hot-partition", "unbounded-collection", ...

// `plans` are the planner's results for the design's patterns (for unused indexes and reads on
// hot keys).
std::vector<Finding> lint(const design::Design& design, const std::vector<PatternPlan>& plans, const CostModel& cost);

}  // namespace keyplan::analysis
