#include "io/Export.h"

#include "design/Design.h"
#include "io/Cdk.h"
#include "io/CloudFormation.h"
#include "io/CodeGen.h"
#include "io/ElectroDb.h"
#include "io/Markdown.h"
#include "io/OneTable.h"
#include "io/Terraform.h"
#include "io/Toolbox.h"
#include "io/Workbench.h"

namespace keyplan::io {

namespace {

struct FormatInfo {
    ExportFormat format;
    std::string_view name;
};

constexpr FormatInfo kFormats[] = {
    {ExportFormat::Markdown, "md"},
    {ExportFormat::Workbench, "workbench"},
    {ExportFormat::CloudFormationJson, "cloudformation"},
    {ExportFormat::CloudFormationYaml, "cloudformation-yaml"},
    {ExportFormat::Cdk, "cdk"},
    {ExportFormat::Terraform, "terraform"},
    {ExportFormat::Python, "python"},
    {ExportFormat::JavaScript, "js"},
    {ExportFormat::ElectroDb, "electrodb"},
    {ExportFormat::OneTable, "onetable"},
    {ExportFormat::Toolbox, "toolbox"},
};

}  // namespace

std::string_view exportFormatName(ExportFormat format)
{
    for (const auto& f : kFormats) {
        if (f.format == format) return f.name;
    }
    return "";
}

bool exportFormatFromName(std::string_view name, ExportFormat* out)
{
    for (const auto& f : kFormats) {
        if (f.name == name) {
            *out = f.format;
            return true;
        }
    }
    return false;
}

std::vector<ExportFormat> exportFormats()
{
    std::vector<ExportFormat> all;
    for (const auto& f : kFormats) all.push_back(f.format);
    return all;
}

std::string defaultExportFileName(const design::Design& design, ExportFormat format)
{
    const std::string& table = design.table().name;
    switch (format) {
    case ExportFormat::Markdown: return "access-patterns.md";
    case ExportFormat::Workbench: return table + ".workbench.json";
    case ExportFormat::CloudFormationJson: return table + ".template.json";
    case ExportFormat::CloudFormationYaml: return table + ".template.yaml";
    case ExportFormat::Cdk: return table + ".cdk.ts";
    case ExportFormat::Terraform: return table + ".tf";
    case ExportFormat::Python: return "access_patterns.py";
    case ExportFormat::JavaScript: return "accessPatterns.mjs";
    case ExportFormat::ElectroDb: return table + ".electrodb.mjs";
    case ExportFormat::OneTable: return table + ".onetable.json";
    case ExportFormat::Toolbox: return table + ".toolbox.ts";
    }
    return "export.txt";
}

ExportResult exportDesign(const design::Design& design, ExportFormat format, const ExportOptions& options)
{
    CloudFormationOptions cfn;
    cfn.pointInTimeRecovery = options.pointInTimeRecovery;
    switch (format) {
    case ExportFormat::Markdown: return {accessPatternsMarkdown(design), {}, {}};
    case ExportFormat::Workbench: {
        WorkbenchExport w = exportWorkbench(design);
        return {std::move(w.text), std::move(w.warnings), std::move(w.error)};
    }
    case ExportFormat::CloudFormationJson: return {cloudFormationJson(design, cfn), {}, {}};
    case ExportFormat::CloudFormationYaml: return {cloudFormationYaml(design, cfn), {}, {}};
    case ExportFormat::Cdk: return {cdkStack(design, CdkOptions{options.pointInTimeRecovery, {}}), {}, {}};
    case ExportFormat::Terraform:
        return {terraformConfiguration(design, TerraformOptions{options.pointInTimeRecovery, {}}), {}, {}};
    case ExportFormat::Python: return {pythonModule(design), {}, {}};
    case ExportFormat::JavaScript: return {javascriptModule(design), {}, {}};
    case ExportFormat::ElectroDb: {
        LibraryExport e = electroDbModule(design);
        return {std::move(e.text), std::move(e.warnings), std::move(e.error)};
    }
    case ExportFormat::OneTable: {
        LibraryExport e = oneTableSchema(design);
        return {std::move(e.text), std::move(e.warnings), std::move(e.error)};
    }
    case ExportFormat::Toolbox: {
        LibraryExport e = toolboxModule(design);
        return {std::move(e.text), std::move(e.warnings), std::move(e.error)};
    }
    }
    return {};
}

}  // namespace keyplan::io
