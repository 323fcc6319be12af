#include "practice/Thesaurus.h"

namespace keyplan::practice {

namespace {

// Things answers talk about.
std::vector<Concept> things()
{
    return {
        {"partition-key", true, {"partition key", "hash key", "partition keys", "hash keys", "pk"}},
        {"sort-key", true, {"sort key", "range key", "sort keys", "range keys", "sk"}},
        {"gsi",
         true,
         {"gsi", "gsis", "global secondary index", "global secondary indexes", "global index", "global indexes",
          "global secondary indices"}},
        {"lsi",
         true,
         {"lsi", "lsis", "local secondary index", "local secondary indexes", "local index", "local indexes",
          "local secondary indices"}},
        {"table", true, {"table", "base table", "main table", "tables"}},
        {"dynamodb", true, {"dynamodb", "dynamo", "ddb"}},
        {"email", false, {"email", "e-mail", "e mail", "email address", "e-mail address", "address", "emails", "e-mails"}},
        {"pattern",
         false,
         {"access pattern", "query pattern", "access patterns", "query patterns", "pattern", "use case", "use cases",
          "queries the app makes", "every query"}},
        {"relational",
         false,
         {"relational database", "relational db", "rdbms", "sql database", "postgres", "postgresql", "mysql", "aurora", "rds",
          "relational", "sql"}},
        {"collection", false, {"item collection", "item collections", "collection", "collections"}},
        {"stream", false, {"stream", "streams", "dynamodb streams", "change data capture", "cdc", "kinesis"}},
        {"search-engine", false, {"opensearch", "elasticsearch", "elastic search", "search service"}},
        {"transaction",
         false,
         {"transaction", "transactions", "transactwriteitems", "transact", "atomically", "atomic", "all or nothing",
          "all-or-nothing"}},
        {"condition",
         false,
         {"conditional", "condition", "attribute_not_exists", "conditionally", "only if", "optimistic concurrency",
          "optimistic locking", "compare and set"}},
        {"ttl", false, {"ttl", "time to live", "time-to-live"}},
        {"10gb", false, {"10 gb", "10gb", "ten gigabytes", "10 gigabytes", "10 gib", "ten gb"}},
        {"3000", false, {"3,000", "3000", "3k", "3,000 rcu", "3000 rcu", "few thousand read units"}},
        {"1000", false, {"1,000", "1000", "1k", "1,000 wcu", "1000 wcu", "a thousand", "1,000 writes"}},
    };
}

// Claims about a design: consistency, scale, partitions, keys.
std::vector<Concept> claimsOfDesign()
{
    return {
        {"eventual",
         false,
         {"eventually consistent", "eventual consistency", "eventually", "eventual", "asynchronous", "asynchronously", "async",
          "lag", "lags", "stale", "in the background", "replicate in the background", "behind", "out of date", "not up to date",
          "delayed", "replication lag"}},
        {"strong",
         false,
         {"strongly consistent", "strong consistency", "strongly", "strong read", "strong reads", "consistent read",
          "consistent reads", "consistentread", "read after write consistent", "read-after-write consistent"}},
        {"unknown",
         false,
         {"unknown",
          "not known",
          "do not know",
          "don't know",
          "dont know",
          "unclear",
          "not yet known",
          "not defined",
          "still being discovered",
          "still changing",
          "keep changing",
          "keeps changing",
          "change often",
          "changing every week",
          "not settled",
          "not stable",
          "in flux",
          "evolving",
          "can not tell",
          "not sure",
          "no idea",
          "not clear",
          "not yet clear",
          "nobody knows",
          "no one knows"}},
        {"cheap",
         false,
         {"cheaper", "cheap", "less expensive", "costs less", "cost less", "lower cost", "more economical", "cheapest"}},
        {"small-scale",
         false,
         {"small scale", "low scale", "low traffic", "low volume", "modest scale", "modest traffic", "below a certain scale",
          "small application", "small applications", "small app", "small apps", "app is small", "little traffic",
          "small workload", "traffic is low", "low enough"}},
        {"ad-hoc",
         false,
         {"ad hoc", "ad-hoc", "adhoc", "arbitrary queries", "arbitrary query", "arbitrary reports", "arbitrary reporting",
          "flexible queries", "flexible querying", "reporting queries", "any way they like", "any way they want",
          "slice and dice", "slice data", "explore the data", "any query"}},
    };
}

// Claims about practice: costs, changes, orders and forms.
std::vector<Concept> claimsOfPractice()
{
    return {
        {"scan", false, {"scan", "full table scan", "table scan", "full scan", "scans"}},
        {"filter", false, {"filter", "filter expression", "filterexpression", "filtered"}},
        {"shard",
         false,
         {"shard", "write shard", "write sharding", "sharding", "random suffix", "shard suffix", "suffix", "salt", "salting",
          "spread writes", "spread the key", "shard number", "slice"}},
        {"hot", false, {"hot partition", "hot key", "hot shard", "hotspot", "hot spot", "hot partitions", "hot"}},
        {"throttle",
         false,
         {"throttle", "throttled", "throttling", "throttles", "provisionedthroughputexceeded", "throughput exceeded"}},
        {"unbounded",
         false,
         {"grows without bound", "grow without bound", "without bound", "unbounded", "grows forever", "grow forever",
          "keeps growing", "keep growing", "never stops growing", "grows indefinitely", "growing forever", "ever-growing"}},
        {"backfill", false, {"backfill", "backfilled", "backfills", "back fill", "backfilling"}},
        {"fetch-together",
         false,
         {"fetched together", "fetch together", "read together", "queried together", "retrieved together", "returned together",
          "accessed together", "loaded together", "needed together", "loads together", "load together", "displayed together",
          "shown together", "used together", "viewed together"}},
        {"serve", false, {"serve", "answer", "handle", "satisfy", "support", "cover"}},
        {"month", false, {"month", "monthly", "per month", "year and month"}},
        {"fan-out", false, {"fan out", "fan-out", "fanout", "scatter gather", "scatter-gather"}},
        {"create", false, {"create", "created", "creation", "define", "defined", "exist", "add", "added", "adding"}},
        {"counter", false, {"counter", "counters", "follower count", "followercount", "followers count"}},
        {"immediate", false, {"immediate", "immediately", "right away", "instantly", "at once", "on the dot"}},
        {"entity-type", false, {"entity type", "entitytype", "entity-type", "_type", "type attribute"}},
        {"later",
         false,
         {"later", "afterwards", "after the table exists", "after creation", "at any time", "whenever you want", "any time"}},
        {"large", false, {"large", "huge", "enormous", "giant", "big", "massive"}},
        {"one", false, {"one", "single", "same"}},
        {"request", false, {"request", "query", "round trip", "call", "queries", "requests"}},
        {"idempotent", false, {"idempotent", "idempotency", "idempotency key", "deterministic key", "deterministic id"}},
        {"free",
         false,
         {"free", "cost nothing", "costs nothing", "no write cost", "without charging", "not expensive", "aren't expensive",
          "are not expensive", "nearly free", "effectively free"}},
        {"lexicographic",
         false,
         {"lexicographic", "lexicographically", "by bytes", "as text", "as strings", "character by character", "alphabetically"}},
        {"zero-pad",
         false,
         {"zero-pad", "zero pad", "zero padded", "zero-padded", "leading zeros", "pad", "padded", "fixed width"}},
        {"descending",
         false,
         {"descending", "scanindexforward false", "scanindexforward = false", "scanindexforward", "newest first", "in reverse",
          "reverse order", "backwards", "best first"}},
    };
}

}  // namespace

// One concept a line. Longer phrasings win over shorter ones where both match ("global secondary
// index" before "index"), so a concept may list a word another concept's phrasing contains.
const std::vector<Concept>& thesaurus()
{
    static const std::vector<Concept> concepts = [] {
        std::vector<Concept> all = things();
        for (auto part : {claimsOfDesign(), claimsOfPractice()}) all.insert(all.end(), part.begin(), part.end());
        return all;
    }();
    return concepts;
}

std::string_view broaderWord(std::string_view conceptName)
{
    if (conceptName == "partition-key") return "partit";

    return "";
}

std::string_view rivalGroup(std::string_view conceptName)
{
    return conceptName == "gsi" || conceptName == "lsi" ? "index-kind" : "";
}

}  // namespace keyplan::practice
