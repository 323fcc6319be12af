#include "io/Terraform.h"

#include "design/TableSchema.h"
#include "io/ExportText.h"
#include "store/KeySchema.h"
#include "store/StreamRequests.h"

#include <cctype>
#include <utility>
#include <vector>

namespace keyplan::io {

namespace {

using Arguments = std::vector<std::pair<std::string, std::string>>;

// Arguments one a line, their `=` aligned as `terraform fmt` aligns them.
std::string arguments(const Arguments& args, const std::string& indent)
{
    size_t width = 0;
    for (const auto& [name, value] : args) width = std::max(width, name.size());
    std::string out;
    for (const auto& [name, value] : args) out += indent + name + std::string(width - name.size(), ' ') + " = " + value + "\n";
    return out;
}

std::string block(const std::string& header, const std::string& body, const std::string& indent)
{
    return indent + header + " {\n" + body + indent + "}\n";
}

std::string list(const std::vector<std::string>& names)
{
    std::string out = "[";
    for (size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + hclString(names[i]);
    return out + "]";
}

void addProjection(Arguments& args, const store::Projection& p)
{
    switch (p.projectionType) {
    case store::ProjectionType::All: args.emplace_back("projection_type", "\"ALL\""); break;
    case store::ProjectionType::KeysOnly: args.emplace_back("projection_type", "\"KEYS_ONLY\""); break;
    case store::ProjectionType::Include:
        args.emplace_back("projection_type", "\"INCLUDE\"");
        args.emplace_back("non_key_attributes", list(p.nonKeyAttributes));
        break;
    }
}

void addCapacity(Arguments& args, const store::CreateTableRequest& request, const std::optional<store::ProvisionedThroughput>& t)
{
    if (request.billingMode != store::BillingMode::Provisioned || !t) return;
    args.emplace_back("read_capacity", std::to_string(t->readCapacityUnits));
    args.emplace_back("write_capacity", std::to_string(t->writeCapacityUnits));
}

std::string globalIndex(const store::CreateTableRequest& request, const store::GlobalSecondaryIndex& g)
{
    const std::string indent(4, ' ');
    Arguments args{{"name", hclString(g.indexName)}};
    addProjection(args, g.projection);
    addCapacity(args, request, g.provisionedThroughput);
    std::string body = arguments(args, indent);
    for (const auto& k : g.keySchema) {
        body += "\n" + block("key_schema",
                             arguments({{"attribute_name", hclString(k.attributeName)},
                                        {"key_type", hclString(store::keyTypeName(k.keyType))}},
                                       indent + "  "),
                             indent);
    }
    return "\n" + block("global_secondary_index", body, "  ");
}

std::string localIndex(const store::LocalSecondaryIndex& l)
{
    Arguments args{{"name", hclString(l.indexName)},
                   {"range_key", hclString(store::keyAttributeName(l.keySchema, store::KeyType::Range))}};
    addProjection(args, l.projection);
    return "\n" + block("local_secondary_index", arguments(args, "    "), "  ");
}

std::string output(const std::string& name, const std::string& description, const std::string& value)
{
    return "\n" +
           block("output " + hclString(name), arguments({{"description", hclString(description)}, {"value", value}}, "  "), "");
}

}  // namespace

std::string hclString(std::string_view text)
{
    static const char* const hex = "0123456789abcdef";
    std::string out = "\"";
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const bool opensTemplate = i + 1 < text.size() && text[i + 1] == '{';
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '$':
        case '%': out += opensTemplate ? std::string(2, c) : std::string(1, c); break;
        default:
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
                out += "\\u00";
                out.push_back(hex[(static_cast<unsigned char>(c) >> 4) & 0xF]);
                out.push_back(hex[static_cast<unsigned char>(c) & 0xF]);
            } else {
                out.push_back(c);
            }
        }
    }
    return out + "\"";
}

std::string terraformResourceName(std::string_view tableName)
{
    std::string name;
    for (size_t i = 0; i < tableName.size(); ++i) {
        const auto c = static_cast<unsigned char>(tableName[i]);
        if (std::isalnum(c) && c < 0x80) {
            // A lower-to-upper step starts a word: OrderEvents -> order_events.
            if (std::isupper(c) && i > 0 && std::islower(static_cast<unsigned char>(tableName[i - 1])) && !name.empty())
                name.push_back('_');
            name.push_back(static_cast<char>(std::tolower(c)));
        } else if (!name.empty() && name.back() != '_') {
            name.push_back('_');
        }
    }
    while (!name.empty() && name.back() == '_') name.pop_back();
    // A name starts with a letter or an underscore.
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name.front()))) name = "table_" + name;
    while (!name.empty() && name.back() == '_') name.pop_back();
    return name;
}

std::string terraformConfiguration(const design::Design& design, const TerraformOptions& options)
{
    TerraformOptions withTtl = options;
    if (withTtl.timeToLiveAttribute.empty()) withTtl.timeToLiveAttribute = design.timeToLiveAttribute().value_or("");
    return terraformConfiguration(design::createTableRequest(design), designAbout(design), withTtl);
}

std::string terraformConfiguration(const store::CreateTableRequest& request, const std::string& about,
                                   const TerraformOptions& options)
{
    const std::string resource = terraformResourceName(request.tableName);
    std::string out = "# The DynamoDB table " + oneLine(request.tableName) +
                      " as Terraform configuration, written by Keyplan from\n# " + oneLine(about) +
                      ".\n"
                      "# Needs the AWS provider 6.29.0 or later: each GSI is keyed by key_schema blocks, the form that\n"
                      "# holds multi-attribute index keys.\n"
                      "terraform {\n"
                      "  required_providers {\n"
                      "    aws = {\n"
                      "      source  = \"hashicorp/aws\"\n"
                      "      version = \">= 6.29.0\"\n"
                      "    }\n"
                      "  }\n"
                      "}\n\n"
                      "resource \"aws_dynamodb_table\" " +
                      hclString(resource) + " {\n";
    const bool provisioned = request.billingMode == store::BillingMode::Provisioned;
    Arguments table{{"name", hclString(request.tableName)},
                    {"billing_mode", provisioned ? "\"PROVISIONED\"" : "\"PAY_PER_REQUEST\""}};
    table.emplace_back("hash_key", hclString(store::keyAttributeName(request.keySchema, store::KeyType::Hash)));
    if (const std::string range = store::keyAttributeName(request.keySchema, store::KeyType::Range); !range.empty())
        table.emplace_back("range_key", hclString(range));
    addCapacity(table, request, request.provisionedThroughput);
    const auto& stream = request.streamSpecification;
    const bool streamOn = stream && stream->streamEnabled.value_or(false) && stream->streamViewType;
    if (streamOn) {
        table.emplace_back("stream_enabled", "true");
        table.emplace_back("stream_view_type", hclString(store::streamViewTypeName(*stream->streamViewType)));
    }
    out += arguments(table, "  ");
    for (const auto& d : request.attributeDefinitions) {
        out += "\n" +
               block("attribute",
                     arguments({{"name", hclString(d.attributeName)}, {"type", hclString(store::scalarTypeName(d.attributeType))}},
                               "    "),
                     "  ");
    }
    for (const auto& g : request.globalSecondaryIndexes) out += globalIndex(request, g);
    for (const auto& l : request.localSecondaryIndexes) out += localIndex(l);
    if (!options.timeToLiveAttribute.empty())
        out += "\n" + block("ttl",
                            arguments({{"attribute_name", hclString(options.timeToLiveAttribute)}, {"enabled", "true"}}, "    "),
                            "  ");
    if (options.pointInTimeRecovery) out += "\n" + block("point_in_time_recovery", "    enabled = true\n", "  ");
    out += "}\n";
    const std::string address = "aws_dynamodb_table." + resource;
    out += output("table_name", "The table's name", address + ".name");
    out += output("table_arn", "The table's ARN", address + ".arn");
    if (streamOn) out += output("stream_arn", "The ARN of the table's stream, for its readers", address + ".stream_arn");
    return out;
}

}  // namespace keyplan::io
