// access-patterns.md: the document a team keeps beside its table definition, because it is the
// only explanation of why the keys look the way they do. It holds the numbered pattern table
// (request, index, key condition, verdict, read units, dollars a month), a note per pattern (what
// it is for, why it is served or not, the cost arithmetic), the key-design table (each entity's
// key templates for the table and every index), the write cost per entity, a text chart per table
// and index of which entities land in which item collection, the risks, and the price table's
// region and date.
//
// The output is deterministic (same design, same bytes) and reads well on GitHub: pipe tables,
// code spans for templates, and the charts in fenced text blocks aligned by characters.
#pragma once

#include <map>
#include <string>

namespace keyplan::analysis {
struct Report;
}
namespace keyplan::design {
class Design;
}

namespace keyplan::io {

// Analyzes the design (analysis::analyze) and writes the document; ends with a newline.
std::string accessPatternsMarkdown(const design::Design& design);
// The same from an analysis already made for this design.
std::string accessPatternsMarkdown(const design::Design& design, const analysis::Report& report);

struct MarkdownOptions {
    // Layout images written beside the document: index name ("" the table) -> relative path.
    // Each chart links its image.
    std::map<std::string, std::string> layoutImages;
};
std::string accessPatternsMarkdown(const design::Design& design, const analysis::Report& report, const MarkdownOptions& options);

}  // namespace keyplan::io
