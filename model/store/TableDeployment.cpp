#include "store/TableDeployment.h"

#include "dynamo/AttributeValue.h"
#include "dynamo/Error.h"

#include <algorithm>
#include <stdexcept>
#include <thread>

namespace keyplan::store {

namespace {

const char* typeName(ScalarAttributeType t)
{
    return t == ScalarAttributeType::N ? "N" : t == ScalarAttributeType::B ? "B" : "S";
}

std::string schemaText(const std::vector<KeySchemaElement>& schema)
{
    std::string out;
    for (const KeySchemaElement& k : schema) {
        if (!out.empty()) out += ", ";
        out += k.attributeName + (k.keyType == KeyType::Hash ? " (HASH)" : " (RANGE)");
    }
    return out;
}

std::string projectionText(const Projection& p)
{
    switch (p.projectionType) {
    case ProjectionType::All: return "ALL";
    case ProjectionType::KeysOnly: return "KEYS_ONLY";
    case ProjectionType::Include: {
        std::string out = "INCLUDE (";
        for (size_t i = 0; i < p.nonKeyAttributes.size(); ++i) out += (i ? ", " : "") + p.nonKeyAttributes[i];
        return out + ")";
    }
    }
    return "ALL";
}

bool sameProjection(Projection a, Projection b)
{
    std::sort(a.nonKeyAttributes.begin(), a.nonKeyAttributes.end());
    std::sort(b.nonKeyAttributes.begin(), b.nonKeyAttributes.end());
    return a == b;
}

std::optional<ScalarAttributeType> definedType(const std::vector<AttributeDefinition>& defs, const std::string& name)
{
    for (const AttributeDefinition& d : defs)
        if (d.attributeName == name) return d.attributeType;
    return std::nullopt;
}

// Key attributes the wanted table and the existing one both define must have one type.
void compareKeyTypes(const CreateTableRequest& wanted, const TableDescription& existing, DeploymentPlan& plan)
{
    for (const AttributeDefinition& d : wanted.attributeDefinitions) {
        const auto have = definedType(existing.attributeDefinitions, d.attributeName);
        if (have && *have != d.attributeType)
            plan.refusals.push_back("key attribute " + d.attributeName + " is " + typeName(*have) + " in the table but " +
                                    typeName(d.attributeType) + " in the design");
    }
}

void compareIndexes(const CreateTableRequest& wanted, const TableDescription& existing, DeploymentPlan& plan)
{
    for (const LocalSecondaryIndex& lsi : wanted.localSecondaryIndexes) {
        auto it = std::find_if(existing.localSecondaryIndexes.begin(), existing.localSecondaryIndexes.end(),
                               [&](const auto& l) { return l.indexName == lsi.indexName; });
        if (it == existing.localSecondaryIndexes.end())
            plan.refusals.push_back("LSI " + lsi.indexName + " is missing, and an LSI can only be created with its table");
        else if (it->keySchema != lsi.keySchema || !sameProjection(it->projection, lsi.projection))
            plan.refusals.push_back("LSI " + lsi.indexName + " differs: the table has " + schemaText(it->keySchema) + ", " +
                                    projectionText(it->projection) + "; the design has " + schemaText(lsi.keySchema) + ", " +
                                    projectionText(lsi.projection));
    }
    for (const GlobalSecondaryIndex& gsi : wanted.globalSecondaryIndexes) {
        auto it = std::find_if(existing.globalSecondaryIndexes.begin(), existing.globalSecondaryIndexes.end(),
                               [&](const auto& g) { return g.indexName == gsi.indexName; });
        if (it == existing.globalSecondaryIndexes.end()) {
            plan.addIndexes.push_back(gsi);
            for (const KeySchemaElement& k : gsi.keySchema) {
                const bool listed = definedType(plan.addIndexDefinitions, k.attributeName).has_value();
                const auto type = definedType(wanted.attributeDefinitions, k.attributeName);
                if (!listed && type) plan.addIndexDefinitions.push_back({k.attributeName, *type});
            }
        } else if (it->keySchema != gsi.keySchema || !sameProjection(it->projection, gsi.projection)) {
            plan.refusals.push_back("GSI " + gsi.indexName + " differs: the table has " + schemaText(it->keySchema) + ", " +
                                    projectionText(it->projection) + "; the design has " + schemaText(gsi.keySchema) + ", " +
                                    projectionText(gsi.projection) + " (an index's keys and projection cannot change)");
        }
    }
    for (const auto& g : existing.globalSecondaryIndexes) {
        const bool wantedToo = std::any_of(wanted.globalSecondaryIndexes.begin(), wanted.globalSecondaryIndexes.end(),
                                           [&](const auto& w) { return w.indexName == g.indexName; });
        if (!wantedToo) plan.notes.push_back("GSI " + g.indexName + " is not in the design; it stays (deploy never deletes)");
    }
}

std::string viewText(const std::optional<StreamViewType>& view) { return view ? streamViewTypeName(*view) : "no view type"; }

bool streamOn(const std::optional<StreamSpecification>& s) { return s && s->streamEnabled.value_or(false); }

// The wanted stream against the table's: enabled where it is off, refused where its view differs.
void compareStream(const CreateTableRequest& wanted, const TableDescription& existing, DeploymentPlan& plan)
{
    const bool want = streamOn(wanted.streamSpecification);
    const bool have = streamOn(existing.streamSpecification);
    if (want && !have) {
        plan.enableStream = wanted.streamSpecification;
    } else if (want && have && existing.streamSpecification->streamViewType != wanted.streamSpecification->streamViewType) {
        plan.refusals.push_back("the table's stream records " + viewText(existing.streamSpecification->streamViewType) +
                                ", the design's " + viewText(wanted.streamSpecification->streamViewType) +
                                ": a stream's view type cannot change; disable the stream and enable it again (its "
                                "readers start over on a new stream)");
    } else if (!want && have) {
        plan.notes.push_back("the table has a stream (" + viewText(existing.streamSpecification->streamViewType) +
                             ") the design does not; it stays (deploy never disables)");
    }
}

// The wanted Time to Live attribute against the table's: enabled where it is off.
void compareTimeToLive(const std::optional<std::string>& wanted, const std::optional<TimeToLiveDescription>& existing,
                       DeploymentPlan& plan)
{
    const std::string status = existing ? existing->timeToLiveStatus : "DISABLED";
    const std::string have = existing ? existing->attributeName.value_or("") : "";
    const bool on = status == "ENABLED" || status == "ENABLING";
    if (!wanted) {
        if (on) plan.notes.push_back("Time to Live is on " + have + " in the table, not in the design; it stays");
        return;
    }
    if (on && have == *wanted) return;
    if (on) {
        plan.refusals.push_back("Time to Live is on " + have + " in the table but on " + *wanted +
                                " in the design: DynamoDB changes it only by disabling it first, and then not for an hour");
    } else if (status == "DISABLING") {
        plan.refusals.push_back("Time to Live is being disabled on the table; DynamoDB takes no change until that ends "
                                "(up to an hour)");
    } else {
        plan.enableTimeToLive = *wanted;
    }
}

bool everythingActive(const TableDescription& t, std::string* status)
{
    if (t.tableStatus != "ACTIVE") {
        *status = "table " + t.tableStatus;
        return false;
    }
    for (const auto& g : t.globalSecondaryIndexes) {
        if (g.indexStatus != "ACTIVE") {
            *status = g.indexName + " " + g.indexStatus + (g.backfilling.value_or(false) ? " (backfilling)" : "");
            return false;
        }
    }
    *status = "ACTIVE";
    return true;
}

// Polls DescribeTable until the table and its indexes are ACTIVE.
void waitUntilActive(Store& store, const std::string& table, const std::string& step, const DeploymentOptions& options,
                     const std::function<bool(const DeploymentProgress&)>& progress)
{
    const auto sleep = options.sleep ? options.sleep : [](std::chrono::milliseconds d) { std::this_thread::sleep_for(d); };
    const auto start = std::chrono::steady_clock::now();
    while (true) {
        std::string status;
        bool active = false;
        try {
            active = everythingActive(store.describeTable({table}).table, &status);
        } catch (const dynamo::Error& e) {
            // Right after CreateTable, some engines do not describe the table yet.
            if (e.code() != dynamo::ErrorCode::ResourceNotFoundException) throw;
            status = "not yet visible";
        }
        const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
        if (progress && !progress({step, status, waited})) return;
        if (active) return;
        if (waited >= options.timeout)
            throw std::runtime_error(step + ": still " + status + " after " + std::to_string(waited.count() / 1000) + " s");
        sleep(options.pollInterval);
    }
}

}  // namespace

DeploymentPlan planDeployment(const CreateTableRequest& wanted, const std::optional<TableDescription>& existing,
                              const std::optional<std::string>& timeToLive,
                              const std::optional<TimeToLiveDescription>& existingTimeToLive)
{
    DeploymentPlan plan;
    plan.tableName = wanted.tableName;
    plan.tableExists = existing.has_value();
    if (!existing) {
        plan.create = wanted;
        plan.enableTimeToLive = timeToLive;
        return plan;
    }
    if (existing->keySchema != wanted.keySchema)
        plan.refusals.push_back("the key schema differs: the table has " + schemaText(existing->keySchema) + ", the design has " +
                                schemaText(wanted.keySchema));
    compareKeyTypes(wanted, *existing, plan);
    compareIndexes(wanted, *existing, plan);
    compareStream(wanted, *existing, plan);
    compareTimeToLive(timeToLive, existingTimeToLive, plan);
    return plan;
}

DeploymentPlan planDeployment(Store& store, const CreateTableRequest& wanted, const std::optional<std::string>& timeToLive)
{
    std::optional<TableDescription> existing;
    try {
        existing = store.describeTable({wanted.tableName}).table;
    } catch (const dynamo::Error& e) {
        if (e.code() != dynamo::ErrorCode::ResourceNotFoundException) throw;
    }
    // Asked only when the design has Time to Live: an endpoint without the API still deploys a
    // design that does not need it.
    std::optional<TimeToLiveDescription> existingTimeToLive;
    if (existing && timeToLive) existingTimeToLive = store.describeTimeToLive({wanted.tableName}).timeToLiveDescription;
    return planDeployment(wanted, existing, timeToLive, existingTimeToLive);
}

std::vector<std::string> DeploymentPlan::describe() const
{
    std::vector<std::string> lines;
    if (refused()) {
        lines.push_back("Refused: table " + tableName + " exists and cannot be made to match the design without deleting:");
        for (const std::string& r : refusals) lines.push_back("  - " + r);
    } else if (create) {
        lines.push_back("Create table " + tableName + ": " + schemaText(create->keySchema) + ", " +
                        (create->billingMode == BillingMode::Provisioned ? "provisioned" : "on-demand"));
        for (const auto& l : create->localSecondaryIndexes)
            lines.push_back("  with LSI " + l.indexName + ": " + schemaText(l.keySchema) + ", " + projectionText(l.projection));
        for (const auto& g : create->globalSecondaryIndexes)
            lines.push_back("  with GSI " + g.indexName + ": " + schemaText(g.keySchema) + ", " + projectionText(g.projection));
        if (streamOn(create->streamSpecification))
            lines.push_back("  with a stream (" + viewText(create->streamSpecification->streamViewType) + ")");
        lines.push_back("  then wait until it is ACTIVE");
        if (enableTimeToLive) lines.push_back("  then enable Time to Live on " + *enableTimeToLive + " (UpdateTimeToLive)");
    } else if (nothingToDo()) {
        lines.push_back("Table " + tableName + " already matches the design: nothing to do");
    } else {
        if (enableStream)
            lines.push_back("Table " + tableName + " exists; enable its stream (" + viewText(enableStream->streamViewType) +
                            ") with UpdateTable");
        if (!addIndexes.empty())
            lines.push_back((enableStream ? "Then add " : "Table " + tableName + " exists; add ") +
                            std::to_string(addIndexes.size()) + " GSI(s), one UpdateTable each:");
        for (const auto& g : addIndexes)
            lines.push_back("  add GSI " + g.indexName + ": " + schemaText(g.keySchema) + ", " + projectionText(g.projection) +
                            ", then wait for its backfill");
        if (enableTimeToLive)
            lines.push_back((enableStream || !addIndexes.empty() ? "Then enable" : "Table " + tableName + " exists; enable") +
                            std::string(" Time to Live on ") + *enableTimeToLive + " (UpdateTimeToLive)");
    }
    for (const std::string& n : notes) lines.push_back("Note: " + n);
    return lines;
}

void deploy(Store& store, const DeploymentPlan& plan, const DeploymentOptions& options,
            const std::function<bool(const DeploymentProgress&)>& progress)
{
    if (plan.refused()) throw std::runtime_error("table " + plan.tableName + " cannot be deployed: " + plan.refusals.front());
    auto enableTimeToLive = [&] {
        if (!plan.enableTimeToLive) return;
        if (progress && !progress({"enabling Time to Live on " + *plan.enableTimeToLive, "ACTIVE", {}})) return;
        store.updateTimeToLive({plan.tableName, TimeToLiveSpecification{*plan.enableTimeToLive, true}});
    };
    if (plan.create) {
        store.createTable(*plan.create);
        waitUntilActive(store, plan.tableName, "creating table " + plan.tableName, options, progress);
        enableTimeToLive();
        return;
    }
    if (plan.enableStream) {
        UpdateTableRequest update;
        update.tableName = plan.tableName;
        update.streamSpecification = plan.enableStream;
        store.updateTable(update);
        waitUntilActive(store, plan.tableName, "enabling the stream of " + plan.tableName, options, progress);
    }
    for (const GlobalSecondaryIndex& gsi : plan.addIndexes) {
        UpdateTableRequest update;
        update.tableName = plan.tableName;
        for (const KeySchemaElement& k : gsi.keySchema) {
            if (const auto type = definedType(plan.addIndexDefinitions, k.attributeName))
                update.attributeDefinitions.push_back({k.attributeName, *type});
        }
        GlobalSecondaryIndexUpdate change;
        change.create = gsi;
        update.globalSecondaryIndexUpdates = std::vector<GlobalSecondaryIndexUpdate>{change};
        store.updateTable(update);
        waitUntilActive(store, plan.tableName, "adding " + gsi.indexName + " (backfilling)", options, progress);
    }
    enableTimeToLive();
}

}  // namespace keyplan::store
