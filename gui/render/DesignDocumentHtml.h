// The design as one self-contained HTML document, to send or print: the brief, the numbered access
// patterns with their requests, verdicts and costs, the key design per entity, each index, the
// layouts of the table and every index as inline SVG (LayoutPicture), the risks with their
// arithmetic, and the cost summary. No scripts, no external files, styles inline; it reads the
// same offline and on paper.
#pragma once

#include "design/Design.h"
#include "dynamo/AttributeValue.h"

#include <string>
#include <vector>

namespace keyplan::render {

struct DocumentOptions {
    // The items the layouts show; empty: the design's example items (analysis::exampleItems).
    std::vector<dynamo::Item> items;
    int maxPartitions = 6;
};

// UTF-8 HTML. Needs a QGuiApplication (the layouts are painted).
std::string designDocumentHtml(const design::Design& design, const DocumentOptions& options = {});

// The items a picture or document shows when it has no data: the example items' DynamoDB items.
std::vector<dynamo::Item> exampleItemsOf(const design::Design& design);

}  // namespace keyplan::render
