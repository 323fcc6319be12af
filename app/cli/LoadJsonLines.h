// keyplan-cli load [DESIGN] --jsonl FILE (--db STORE | --endpoint URL | --region R): the CLI's
// front end of bulk::loadJsonLines, the loader the window's Data ▸ Load items uses too. Items one
// per line in DynamoDB JSON (bare, or {"Item":...} as DynamoDB's export to S3 writes them) go
// into a table of a store file (the design's, created if missing, or --table-name's, which must
// exist) or of an endpoint (which must exist there: load never creates or deletes a table on an
// endpoint). A line that is not an item stops the load with its line number, the items before it
// kept; a store error stops it saying how many items were written at least.
#pragma once

#include "Commands.h"
#include "EndpointOptions.h"

#include "design/Design.h"

#include <QString>

#include <functional>
#include <optional>

namespace keyplan::cli {

struct JsonLinesRequest {
    QString path;
    // When given, it names the table and, in a store file, creates it if missing (after deleting
    // it with `replace`); without one, `table` must exist.
    std::optional<design::Design> design;
    QString table;
    bool replace = false;
    QString db;                // a store file, or
    EndpointOptions endpoint;  // an endpoint (given())
};

// How a load shows that it moves and learns that it should stop: `bar(done, total, text)` on a
// terminal after each call to the store, `interrupted()` before each line (Ctrl-C).
struct LoadFeedback {
    std::function<void(qint64 done, qint64 total, const QString& text)> bar;
    std::function<bool()> interrupted;
};

// Exit status: 0 loaded; 1 a bad line or a store error (what came before it loaded); 2 the file,
// the store or the table cannot be had; 130 stopped by Ctrl-C (what was read loaded).
int loadJsonLines(const JsonLinesRequest& request, const Console& console, const LoadFeedback& feedback);

}  // namespace keyplan::cli
