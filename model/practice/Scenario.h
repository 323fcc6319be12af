// A practice scenario: the interview question as an interviewer poses it ("Design a DynamoDB table
// for these five access patterns"), with the domain's entities and their production volumes, the
// numbered access patterns, the interviewer's constraints, a reference design, follow-up
// questions with a transparent rubric, and curveballs (patterns that arrive after the design).
//
// Scenarios live one per file in resources/scenarios/ (`<id>.scenario.json`, its reference design
// beside it) and are compiled into the library as Qt resources under :/scenarios/. The format is
// documented in docs/scenario-format.md; in short (format version 1):
//
//   { "keyplanScenario": 1, "id": "ecommerce-orders", "title", "difficulty": "easy"|"medium"|"hard",
//     "summary" (one line for a chooser), "brief" (what the interviewer says),
//     "constraints": [ "2,000 order writes per second at peak", ... or a checkable one:
//                      { "text": "Login must not scan", "rule": "noScan" | "oneRequest" | "strongRead",
//                        "patterns": [4] } | { "text", "rule": "maxIndexes", "count": 2 } ],
//     "entities": [ <a .keyplan.json entity without "keys">, plus
//                   "volume": { "items", "itemSize", "growthPerMonth", "largestCollection" } ],
//     "patterns": [ <a .keyplan.json pattern: number, inputs, "attributes" (what the result must
//                   carry), returns (the entity the result is about, with its count), order,
//                   orderBy, pageSize, rate, consistency> ],
//     "reference": "ecommerce-orders.keyplan.json",
//     "followUps": [ { "id", "question", "points": [ { "id", "concept", "accepts": [ phrasing, ...] } ],
//                      "modelAnswer" } ],
//     "curveballs": [ { "id", "arrives": "afterSubmit" | "atMinute", "minute", "say", "pattern": <pattern>,
//                       "modelAnswer", "design": "<the reference as the model answer changes it>.keyplan.json" } ],
//     "prices": <a .keyplan.json price table> (optional) }
//
// Loading is strict and never half-done: a broken file gives a json::FormatError (model/json's one
// error for every JSON-based format) whose path names the member (`$.patterns[3].attributes[1]`)
// and whose reason says what is wrong there.
#pragma once

#include "design/Design.h"
#include "json/FormatError.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace keyplan::practice {

enum class Difficulty { Easy, Medium, Hard };
std::string_view difficultyName(Difficulty d);  // "easy", "medium", "hard"

// How much of an entity there is in production. These figures, not the sample data's size, decide
// a Scan's cost, an item collection's size, the LSI 10 GB limit and the storage bill.
struct Volume {
    double items = 0;           // items in the table today
    int64_t itemSize = 0;       // typical item size in bytes
    double growthPerMonth = 0;  // new items a month
    // The largest collection of this entity under one parent (a customer with a million orders);
    // 0: the average, items / the parent's items.
    double largestCollection = 0;
};

struct ScenarioEntity {
    design::Entity entity;  // attributes, generators, sample spec, writesPerSecond; no keys
    Volume volume;
};

// One concept a strong answer makes, and the phrasings that count as making it. A phrasing
// matches when its words appear in the answer in order (case and punctuation ignored); "..."
// inside a phrasing allows any words between its parts ("shard ... write").
struct RubricPoint {
    std::string id;
    std::string statement;  // the concept, in a sentence
    std::vector<std::string> accepts;
};

struct FollowUp {
    std::string id;
    std::string question;
    std::vector<RubricPoint> points;
    std::string modelAnswer;
};

struct Curveball {
    enum class Arrives { AfterSubmit, AtMinute };
    std::string id;
    Arrives arrives = Arrives::AfterSubmit;
    int minute = 0;                 // AtMinute
    std::string say;                // how the interviewer introduces it
    design::AccessPattern pattern;  // numbered after the scenario's patterns
    std::string modelAnswer;
    // The reference design as the model answer changes it: it answers every scenario pattern and
    // this one. With the curveball graded, it is what the candidate is measured against.
    std::optional<design::Design> design;
    QString designFile;
};

// A constraint the interviewer stated, in words and, where it can be checked on a design, as a rule
// the grader checks: "Login must not scan" is NoScan on the login pattern.
struct Constraint {
    enum class Rule {
        None,        // words only
        NoScan,      // the patterns must not need a Scan
        OneRequest,  // the patterns must be answered by one request (no fetch-back, no fan-out)
        StrongRead,  // the patterns must read strongly consistently (the table or an LSI)
        MaxIndexes,  // at most `count` indexes
    };
    std::string text;
    Rule rule = Rule::None;
    std::vector<int> patterns;
    int count = 0;
};
std::string_view constraintRuleName(Constraint::Rule rule);  // "noScan", "oneRequest", ...

struct Scenario {
    static constexpr int kFormatVersion = 1;

    std::string id;
    std::string title;
    Difficulty difficulty = Difficulty::Medium;
    std::string summary;
    std::string brief;
    std::vector<std::string> constraints;  // every constraint's words, in the file's order
    std::vector<Constraint> checks;        // the constraints with a rule
    std::vector<ScenarioEntity> entities;
    std::vector<design::AccessPattern> patterns;  // numbered; `attributes` is what a result must carry
    design::Design reference;                     // serves every pattern
    QString referenceFile;                        // where it was read from
    std::vector<FollowUp> followUps;
    std::vector<Curveball> curveballs;
    design::PriceTable prices;

    const ScenarioEntity* entity(std::string_view name) const;
    const design::AccessPattern* pattern(int number) const;
    const Curveball* curveball(std::string_view id) const;
    const FollowUp* followUp(std::string_view id) const;
};

// Reads a scenario file; the reference design is read relative to it. Throws json::FormatError
// (a broken reference design is reported as `$.reference` with the design file's own path).
Scenario loadScenarioFile(const QString& fileName);
// Parses scenario text; `referenceDirectory` is where "reference" is looked up.
Scenario parseScenario(std::string_view json, const QString& referenceDirectory, const std::string& fileName = {});

// The scenarios shipped with Keyplan (compiled in as :/scenarios/*.scenario.json), by id.
QStringList builtInScenarioFiles();
// A shipped scenario by id, or nullopt. Throws json::FormatError if the shipped file is broken.
std::optional<Scenario> loadBuiltInScenario(std::string_view id);
// Every shipped scenario, in id order.
std::vector<Scenario> loadBuiltInScenarios();
// A shipped scenario's title; the id itself when no shipped scenario has it (an attempt at a
// scenario file, or one from another Keyplan) or the shipped files cannot be read.
std::string scenarioTitle(const std::string& id);
// An id of a shipped scenario, or a path to a scenario file.
Scenario loadScenario(const QString& idOrFile);

}  // namespace keyplan::practice
