#include "store/Store.h"

namespace keyplan::store {

std::vector<BatchWriteItemResponse> Store::batchWriteItems(const std::vector<BatchWriteItemRequest>& requests)
{
    std::vector<BatchWriteItemResponse> responses;
    responses.reserve(requests.size());
    for (const auto& request : requests) responses.push_back(batchWriteItem(request));
    return responses;
}

ScanResponse Store::browse(const ScanRequest& request) { return scan(request); }

}  // namespace keyplan::store
