// The CreateTable request a design describes: key schema, attribute definitions for every key
// attribute of the table and its indexes, GSIs and LSIs with their projections, billing and the
// stream. SampleData uses it to create the table it loads; exporters can use it for CloudFormation.
// Time to Live is no part of CreateTable: DynamoDB takes it in UpdateTimeToLive once the table is
// ACTIVE, which createDesignTable() sends after CreateTable.
#pragma once

#include "design/Design.h"
#include "store/Requests.h"
#include "store/Store.h"

#include <optional>

namespace keyplan::design {

store::CreateTableRequest createTableRequest(const Design& design);

// The StreamViewType of a view (the one place the two enumerations meet).
store::StreamViewType streamViewType(StreamView view);

// The UpdateTimeToLive that enables the design's Time to Live attribute; nullopt without one.
std::optional<store::UpdateTimeToLiveRequest> timeToLiveRequest(const Design& design);

// CreateTable, then UpdateTimeToLive when the design's items expire: for a store whose tables are
// ACTIVE at once (the local store). An endpoint's table goes through store::deploy(), which waits.
void createDesignTable(store::Store& store, const Design& design);

}  // namespace keyplan::design
