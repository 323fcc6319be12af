// Making a store's table match a design's CreateTableRequest without ever deleting anything:
// `keyplan-cli deploy` (and the window's Deploy design) plan with planDeployment() and carry the
// plan out with deploy(). A missing table is created; on an existing one, missing GSIs are added
// one UpdateTable at a time (DynamoDB takes one index creation per call) and backfilled; a key
// schema, key attribute type, LSI or index definition that differs is a refusal with its reason,
// because only deleting the table or the index could change it. The design's stream is part of the
// CreateTable request, or enabled on an existing table by UpdateTable (a different view type is a
// refusal: only disabling the stream could change it); its Time to Live attribute, which CreateTable
// does not take, is enabled by UpdateTimeToLive once the table is ACTIVE (a different attribute, or
// one being disabled, is a refusal: DynamoDB takes no change then).
#pragma once

#include "store/Store.h"

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace keyplan::store {

struct DeploymentPlan {
    std::string tableName;
    bool tableExists = false;
    std::optional<CreateTableRequest> create;              // the table is missing
    std::vector<GlobalSecondaryIndex> addIndexes;          // GSIs the existing table lacks
    std::vector<AttributeDefinition> addIndexDefinitions;  // their key attributes' types
    std::optional<StreamSpecification> enableStream;       // the existing table lacks the stream
    std::optional<std::string> enableTimeToLive;           // UpdateTimeToLive on this attribute, last
    std::vector<std::string> refusals;                     // why the table cannot be made to match
    std::vector<std::string> notes;                        // what stays as it is, and why

    bool refused() const { return !refusals.empty(); }
    bool nothingToDo() const { return !create && addIndexes.empty() && !enableStream && !enableTimeToLive; }
    // The plan in words, one line each, as `deploy --dry-run` prints it.
    std::vector<std::string> describe() const;
};

// `existing` is the endpoint's table of the same name, if any; `timeToLive` the attribute the
// design's items expire by, and `existingTimeToLive` the table's DescribeTimeToLive answer.
DeploymentPlan planDeployment(const CreateTableRequest& wanted, const std::optional<TableDescription>& existing,
                              const std::optional<std::string>& timeToLive = {},
                              const std::optional<TimeToLiveDescription>& existingTimeToLive = {});

// Reads the endpoint's table (DescribeTable, and DescribeTimeToLive when the design has Time to
// Live) and plans against it.
DeploymentPlan planDeployment(Store& store, const CreateTableRequest& wanted, const std::optional<std::string>& timeToLive = {});

struct DeploymentProgress {
    std::string step;    // "creating table Shop", "adding GSI2 (backfilling)"
    std::string status;  // the table's or index's status as last described
    std::chrono::milliseconds waited{0};
};

struct DeploymentOptions {
    std::chrono::milliseconds pollInterval{2000};
    std::chrono::milliseconds timeout{std::chrono::minutes(60)};  // a large GSI backfill takes long
    // Waits between polls; tests and the CLI keep the default (sleep).
    std::function<void(std::chrono::milliseconds)> sleep;
};

// Carries out a plan that is not refused: creates the table (or enables its stream and adds the
// indexes), polls until the table and every index is ACTIVE, then enables Time to Live. progress() returning false stops waiting
// (the endpoint carries on). Throws dynamo::Error from the store, std::runtime_error on timeout or refusal.
void deploy(Store& store, const DeploymentPlan& plan, const DeploymentOptions& options,
            const std::function<bool(const DeploymentProgress&)>& progress);

}  // namespace keyplan::store
