// Import design from table...: a bounded sample of an existing table (Scan pages until `limit`
// items, default 1,000) turned into a design by the same inference that reads NoSQL Workbench
// models (model/io): the table's keys, billing and indexes from DescribeTable, entity types told
// apart by a discriminator attribute or the partition key's leading word, key templates, attribute
// types and generators inferred from the sampled values.
#pragma once

#include "widgets/store/ImportedDesign.h"
#include "dynamo/AttributeValue.h"
#include "store/Requests.h"

#include <functional>
#include <string>
#include <vector>

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {

struct TableSample {
    store::TableDescription table;
    std::vector<dynamo::Item> items;
    bool complete = false;  // the scan reached the table's end
};

// Scans `table` until `limit` items; `progress(items read)` returning false stops early (what was
// read stays). Throws dynamo::Error (ResourceNotFoundException for a missing table).
TableSample sampleTable(store::Store& store, const std::string& table, int limit, const std::function<bool(int64_t)>& progress);

// Throws json::FormatError when the sample cannot make a design (no items; a key of the wrong type).
ImportedDesign designFromSample(const TableSample& sample);

}  // namespace keyplan::widgets
