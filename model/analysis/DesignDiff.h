// What changed between two versions of a design, as a reviewer of the change needs it: each access
// pattern added, removed or changed with its verdict, request and cost on both sides; the table, the
// indexes and the key templates that changed; the risks the change adds and those it resolves; the
// totals a month before and after; and what the change costs a table already in production
// (analysis/Backfill: an online GSI backfill against items the application rewrites, in items and
// write units). keyplan-cli diff prints it as text, Markdown or JSON; the window's File > Compare with
// shows it beside both layouts.
//
// Patterns are matched by name, then the rest by number (a renamed pattern keeps its number). Risks are
// matched by rule, severity and what they are about (entity, index, key), then by their sentence, so a
// risk whose figures moved is the same risk, changed, not one resolved and one new.
//
// The gate (a CI check fails on it): a pattern served by one request before and not after, or a new
// error-level risk.
#pragma once

#include "analysis/Analysis.h"
#include "analysis/Backfill.h"
#include "design/Design.h"

#include <optional>
#include <string>
#include <vector>

namespace keyplan::analysis {

// One side of a pattern: how it is served and what it costs.
struct PatternSide {
    int number = 0;
    std::string name;
    Verdict verdict = Verdict::Invalid;
    int requestCount = 1;
    std::string request;   // "Query GSI1: GSI1PK = STATUS#{status}", "GetItem table: ...", "-"
    double readUnits = 0;  // per call
    double ratePerSecond = 0;
    Dollars dollars;  // a month at the pattern's rate
    bool served() const { return verdict == Verdict::Served; }
    std::string verdictText() const { return verdictWords(verdict, requestCount); }
};

struct PatternChange {
    enum class Kind { Added, Removed, Changed, Unchanged };
    Kind kind = Kind::Unchanged;
    std::optional<PatternSide> before;
    std::optional<PatternSide> after;
    // What changed in the pattern's own definition ("inputs: customerId -> customerId, from"), besides
    // its plan and cost.
    std::vector<std::string> definition;
    const PatternSide& side() const { return after ? *after : *before; }
    bool becameUnserved() const { return before && after && before->served() && !after->served(); }
    bool becameServed() const { return before && after && !before->served() && after->served(); }
};

// A named thing (the table, an index, an entity's key) as text before and after; empty when absent.
struct DefinitionChange {
    std::string what;  // "GSI1", "Order.GSI1PK", "table"
    std::string before;
    std::string after;
    bool added() const { return before.empty(); }
    bool removed() const { return after.empty(); }
};

struct WriteChange {
    std::string entity;
    double unitsBefore = 0;  // per write; 0 when the entity is new
    double unitsAfter = 0;   // 0 when the entity is gone
    Dollars before;
    Dollars after;
};

struct DesignDiff {
    std::string nameBefore;
    std::string nameAfter;
    std::vector<PatternChange> patterns;  // after's order, removed ones after them
    std::vector<DefinitionChange> table;
    std::vector<DefinitionChange> indexes;
    std::vector<DefinitionChange> entities;      // entity added or removed: its type value and keys
    std::vector<DefinitionChange> keyTemplates;  // an entity in both, a key filled differently
    std::vector<WriteChange> writes;             // entities whose write cost changed
    std::vector<Finding> newRisks;
    std::vector<Finding> resolvedRisks;
    // The same risk in both (its rule, severity and subject), said differently: its figures or its key moved.
    std::vector<std::pair<Finding, Finding>> changedRisks;
    Dollars readsBefore, readsAfter, writesBefore, writesAfter;
    double storageBefore = 0, storageAfter = 0;  // dollars a month
    BackfillEstimate backfill;

    // Nothing a reviewer would see: same patterns, plans, costs, schema and risks.
    bool empty() const;
    // Why CI should refuse the change (a served pattern no longer served, a new error-level risk), one
    // sentence each; empty when it passes.
    std::vector<std::string> gateFailures() const;
    int patternCount(PatternChange::Kind kind) const;
};

DesignDiff compareDesigns(const design::Design& before, const design::Design& after);

// The comparison for a reader: text for a terminal, Markdown to paste in a pull request, JSON for tools.
// `beforeLabel` and `afterLabel` name the two sides (file names, git revisions).
std::string diffText(const DesignDiff& diff, const std::string& beforeLabel, const std::string& afterLabel);
std::string diffMarkdown(const DesignDiff& diff, const std::string& beforeLabel, const std::string& afterLabel);
std::string diffJson(const DesignDiff& diff, const std::string& beforeLabel, const std::string& afterLabel);

// "GSI1PK (S), GSI1SK (S); projection ALL": an index's keys as the diff shows them.
std::string indexDefinition(const design::Index& index);
// "STATUS#{status}", with " when status = PENDING" for a conditional key.
std::string keyBindingText(const design::KeyBinding& binding);

}  // namespace keyplan::analysis
