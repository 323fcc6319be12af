// What the three library-schema exporters (ElectroDB, OneTable, DynamoDB Toolbox) share: the
// spelling of JavaScript names and strings, a key template written as a `${name}` template (the
// form ElectroDB's `template` and OneTable's `value` take, and a JavaScript template literal's
// body), and which entities share a partition on the table or an index. The templates come from
// design::KeyTemplate's segments; nothing here parses a template.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace keyplan::design {
class Design;
class KeyTemplate;
struct Entity;
}  // namespace keyplan::design

namespace keyplan::io {

// One library's schema for a design.
struct LibraryExport {
    std::string text;
    std::vector<std::string> warnings;  // what the library cannot express of this design
    std::string error;                  // set (and text empty) when it cannot hold the design at all
};

// A JavaScript string literal (JSON's quoting, which JavaScript reads the same way).
std::string jsString(std::string_view text);
// Whether `name` can be written bare as a JavaScript identifier or property name.
bool isJsIdentifier(std::string_view name);
// A property name in an object literal: bare when it can be, else quoted.
std::string jsPropertyName(std::string_view name);
// Variable names for the design's entities (`Order`, `order_` for a reserved word), unique, in
// design order, none of them in `taken` (the module's own names and imports).
std::vector<std::string> entityIdentifiers(const design::Design& design, const std::vector<std::string>& taken = {});
// `object.name` or `object["na-me"]`.
std::string jsMember(std::string_view object, std::string_view name);

// The template with each variable as `${name}` and `$`, `\` and backquotes escaped for a
// template literal when `forTemplateLiteral` (else the literal text kept as it is, for
// ElectroDB's and OneTable's own `${...}` templates). *representable is false when a literal
// holds "${", which those libraries would read as a variable.
std::string dollarTemplate(const design::KeyTemplate& keyTemplate, bool forTemplateLiteral, bool* representable = nullptr);

// One sentence naming the attributes that the design keeps only inside its keys (key-only), which
// `library` stores as attributes as well; empty when there are none.
std::string keyOnlyWarning(std::string_view library, const design::Design& design);

// Entities that share a partition: on the table (indexName empty) or an index, those whose
// partition-key template is the same text. Each group has at least two entities, in design order.
struct SharedPartition {
    std::string indexName;       // empty: the table
    std::string partitionKey;    // the key attribute
    std::string templateText;    // the template they share
    std::string collectionName;  // an identifier naming the group, unique across the design
    std::vector<const design::Entity*> entities;
};
std::vector<SharedPartition> sharedPartitions(const design::Design& design);

}  // namespace keyplan::io
