#include "analysis/PartitionTerms.h"

namespace keyplan::analysis {

namespace {

std::string joined(const std::vector<std::string>& parts, bool tuple)
{
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
    return tuple && parts.size() > 1 ? "(" + out + ")" : out;
}

}  // namespace

std::vector<PartitionTerm> partitionTerms(const design::Design& design, const PlannedRequest& request)
{
    std::vector<PartitionTerm> terms;
    if (request.operation == Operation::GetItem && !request.key.empty()) {
        terms.push_back({request.key.front().first, request.key.front().second.value});
        return terms;
    }
    if (request.operation != Operation::Query) return terms;
    terms.push_back({request.keyCondition.partitionAttribute, request.keyCondition.partitionValue});
    const size_t more = design.partitionKeysOf(request.indexName).size();
    for (size_t i = 0; i + 1 < more && i < request.keyCondition.moreEqual.size(); ++i)
        terms.push_back({request.keyCondition.moreEqual[i].first, request.keyCondition.moreEqual[i].second});
    return terms;
}

std::string partitionAttributesText(const std::vector<PartitionTerm>& terms)
{
    std::vector<std::string> names;
    for (const auto& t : terms) names.push_back(t.attribute);
    return joined(names, false);
}

std::string partitionValueText(const std::vector<PartitionTerm>& terms)
{
    std::vector<std::string> values;
    for (const auto& t : terms) values.push_back(t.value.text());
    return joined(values, true);
}

std::optional<std::string> partitionValueText(const std::vector<PartitionTerm>& terms, const design::Values& inputs)
{
    std::vector<std::string> values;
    for (const auto& t : terms) {
        auto v = t.value.render(inputs);
        if (!v) return std::nullopt;
        values.push_back(std::move(*v));
    }
    return joined(values, true);
}

}  // namespace keyplan::analysis
