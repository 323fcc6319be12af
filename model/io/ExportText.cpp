#include "io/ExportText.h"

#include "design/Design.h"

#include <span>
#include <vector>

namespace keyplan::io {

std::string oneLine(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        // C1 controls are U+0080..U+009F: 0xC2 0x80..0x9F in UTF-8.
        if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
            static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
            out.push_back(' ');
            ++i;
        } else {
            out.push_back(c < 0x20 || c == 0x7F ? ' ' : static_cast<char>(c));
        }
    }
    return out;
}

std::string indexKeysText(const design::Design& design, const design::Index& index)
{
    auto list = [](std::span<const design::KeyAttribute> keys) {
        std::string out;
        for (const auto& k : keys) out += (out.empty() ? "" : " + ") + k.name;
        return out;
    };
    std::string out = "partition key " + list(design.partitionKeysOf(index.name));
    if (const auto sort = design.sortKeysOf(index.name); !sort.empty()) out += ", sort key " + list(sort);
    return out;
}

std::string multiAttributeRefusal(const design::Design& design, std::string_view format, std::string_view why)
{
    std::vector<std::string> named;
    for (const design::Index& index : design.indexes()) {
        if (index.multiAttribute()) named.push_back(index.name + " (" + indexKeysText(design, index) + ")");
    }
    if (named.empty()) return {};
    std::string list;
    for (size_t i = 0; i < named.size(); ++i) list += (i == 0 ? "" : i + 1 == named.size() ? " and " : ", ") + named[i];
    return std::string(format) + " cannot hold the multi-attribute key" + (named.size() > 1 ? "s of GSIs " : " of GSI ") + list +
           ": " + std::string(why) +
           ". Nothing was written; export to CloudFormation, the AWS CDK, Terraform, ElectroDB or DynamoDB Toolbox, "
           "which hold them, or key the index on single attributes.";
}

std::string designAbout(const design::Design& design)
{
    std::string about = "the Keyplan design";
    if (!design.name().empty()) about += " \"" + oneLine(design.name()) + "\"";
    const auto count = [](size_t n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); };
    about += " (" + count(design.entities().size(), "entity type", "entity types") + ", " +
             count(design.patterns().size(), "access pattern", "access patterns") + ")";
    return about;
}

}  // namespace keyplan::io
