// The export formats by name, for the CLI and the window's Export menu: one call turns a design
// into the text of any format.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace keyplan::design {
class Design;
}

namespace keyplan::io {

enum class ExportFormat {
    Markdown,
    Workbench,
    CloudFormationJson,
    CloudFormationYaml,
    Cdk,
    Terraform,
    Python,
    JavaScript,
    ElectroDb,
    OneTable,
    Toolbox
};

struct ExportOptions {
    bool pointInTimeRecovery = false;  // CloudFormation, CDK, Terraform
};

// "md", "workbench", "cloudformation", "cloudformation-yaml", "cdk", "terraform", "python", "js",
// "electrodb", "onetable", "toolbox".
std::string_view exportFormatName(ExportFormat format);
bool exportFormatFromName(std::string_view name, ExportFormat* out);
std::vector<ExportFormat> exportFormats();
// The usual file name for a design exported in `format` ("access-patterns.md", "Shop.template.yaml").
std::string defaultExportFileName(const design::Design& design, ExportFormat format);

struct ExportResult {
    std::string text;                   // UTF-8, ends with a newline; empty when refused
    std::vector<std::string> warnings;  // what the format cannot hold of this design
    // Set when the format cannot hold the design at all (a multi-attribute index key in NoSQL
    // Workbench or OneTable): why, naming the index. Nothing is to be written then.
    std::string error;
    bool refused() const { return !error.empty(); }
};

ExportResult exportDesign(const design::Design& design, ExportFormat format, const ExportOptions& options = {});

}  // namespace keyplan::io
