// The design comparison written out (DesignDiff.h): text for a terminal, Markdown for a pull request,
// JSON for tools. Each writer reads the same DesignDiff, so the three say the same thing.
#include "analysis/DesignDiff.h"

#include "json/Value.h"

namespace keyplan::analysis {

namespace {

const char* kindWord(PatternChange::Kind kind)
{
    switch (kind) {
    case PatternChange::Kind::Added: return "added";
    case PatternChange::Kind::Removed: return "removed";
    case PatternChange::Kind::Changed: return "changed";
    case PatternChange::Kind::Unchanged: break;
    }
    return "unchanged";
}

const char* kindMark(PatternChange::Kind kind)
{
    switch (kind) {
    case PatternChange::Kind::Added: return "+";
    case PatternChange::Kind::Removed: return "-";
    case PatternChange::Kind::Changed: return "~";
    case PatternChange::Kind::Unchanged: break;
    }
    return " ";
}

std::string sideText(const PatternSide& s)
{
    return s.verdictText() + "; " + s.request + "; " + formatCount(s.readUnits) + " RRU/call; " +
           formatDollars(s.dollars.onDemandPerMonth) + " a month on demand";
}

std::string arrow(const std::string& a, const std::string& b, const char* between = " -> ")
{
    return a == b ? a : a + between + b;
}

std::string patternsSummary(const DesignDiff& d)
{
    using K = PatternChange::Kind;
    return std::to_string(d.patternCount(K::Changed)) + " changed, " + std::to_string(d.patternCount(K::Added)) + " added, " +
           std::to_string(d.patternCount(K::Removed)) + " removed, " + std::to_string(d.patternCount(K::Unchanged)) + " unchanged";
}

std::string riskText(const Finding& f)
{
    return std::string(severityName(f.severity)) + " [" + std::string(ruleName(f.rule)) + "] " + f.message;
}

std::string backfillHead(const BackfillStep& s)
{
    return std::string(s.online ? "online" : "rewrite") + " [" + std::string(backfillKindName(s.kind)) + "]";
}

void textDefinitions(std::string& out, const char* title, const std::vector<DefinitionChange>& changes)
{
    if (changes.empty()) return;
    out += std::string("\n") + title + "\n";
    for (const auto& c : changes) {
        if (c.added()) out += "  + " + c.what + ": " + c.after + "\n";
        else if (c.removed()) out += "  - " + c.what + ": " + c.before + "\n";
        else out += "  ~ " + c.what + ": " + c.before + " -> " + c.after + "\n";
    }
}

void textPatterns(std::string& out, const DesignDiff& d)
{
    out += "\nAccess patterns: " + patternsSummary(d) + "\n";
    for (const auto& p : d.patterns) {
        if (p.kind == PatternChange::Kind::Unchanged) continue;
        const PatternSide& s = p.side();
        out += "  " + std::string(kindMark(p.kind)) + " " + std::to_string(s.number) + ". " + s.name + "\n";
        if (p.before) out += "      before: " + sideText(*p.before) + "\n";
        if (p.after) out += "      after:  " + sideText(*p.after) + "\n";
        for (const auto& line : p.definition) out += "      " + line + "\n";
    }
}

void textCosts(std::string& out, const DesignDiff& d)
{
    out += "\nA month on demand: reads " +
           arrow(formatDollars(d.readsBefore.onDemandPerMonth), formatDollars(d.readsAfter.onDemandPerMonth)) + ", writes " +
           arrow(formatDollars(d.writesBefore.onDemandPerMonth), formatDollars(d.writesAfter.onDemandPerMonth)) + ", storage " +
           arrow(formatDollars(d.storageBefore), formatDollars(d.storageAfter)) + "\n";
    for (const auto& w : d.writes)
        out += "  " + w.entity + ": " + arrow(formatCount(w.unitsBefore), formatCount(w.unitsAfter)) + " WRU a write, " +
               arrow(formatDollars(w.before.onDemandPerMonth), formatDollars(w.after.onDemandPerMonth)) + " a month\n";
}

std::string mdCell(std::string text)
{
    std::string out;
    for (char c : text) {
        if (c == '|') out += "\\|";
        else if (c == '\n') out += ' ';
        else out += c;
    }
    return out;
}

std::string mdCode(const std::string& text) { return text.empty() ? "" : "`" + mdCell(text) + "`"; }

std::string mdSide(const std::optional<PatternSide>& s)
{
    if (!s) return "";
    return mdCell(s->verdictText()) + ": " + mdCode(s->request);
}

void mdPatterns(std::string& out, const DesignDiff& d)
{
    out += "\n#### Access patterns\n\n" + patternsSummary(d) + ".\n";
    if (d.patternCount(PatternChange::Kind::Unchanged) == static_cast<int>(d.patterns.size())) return;
    out += "\n| # | Pattern | Change | Before | After | RRU/call | On-demand/mo |\n|---|---|---|---|---|---|---|\n";
    for (const auto& p : d.patterns) {
        if (p.kind == PatternChange::Kind::Unchanged) continue;
        const PatternSide& s = p.side();
        std::string change = kindWord(p.kind);
        if (p.becameUnserved()) change = "**no longer served**";
        else if (p.becameServed()) change = "now served";
        // "; " rather than <br>: Qt's Markdown reader (the window shows this text) drops what follows raw HTML.
        for (const auto& line : p.definition) change += "; " + mdCell(line);
        const std::string units = arrow(p.before ? formatCount(p.before->readUnits) : "-",
                                        p.after ? formatCount(p.after->readUnits) : "-", " → ");
        const std::string money = arrow(p.before ? formatDollars(p.before->dollars.onDemandPerMonth) : "-",
                                        p.after ? formatDollars(p.after->dollars.onDemandPerMonth) : "-", " → ");
        out += "| " + std::to_string(s.number) + " | " + mdCell(s.name) + " | " + change + " | " + mdSide(p.before) + " | " +
               mdSide(p.after) + " | " + units + " | " + money + " |\n";
    }
}

void mdDefinitions(std::string& out, const DesignDiff& d)
{
    std::vector<const DefinitionChange*> all;
    for (const auto* list : {&d.table, &d.indexes, &d.entities, &d.keyTemplates}) {
        for (const auto& c : *list) all.push_back(&c);
    }
    if (all.empty()) return;
    out += "\n#### Table, indexes and key templates\n\n| What | Before | After |\n|---|---|---|\n";
    for (const DefinitionChange* c : all)
        out += "| " + mdCell(c->what) + " | " + (c->added() ? "(none)" : mdCode(c->before)) + " | " +
               (c->removed() ? "(none)" : mdCode(c->after)) + " |\n";
}

void mdRisks(std::string& out, const DesignDiff& d)
{
    if (d.newRisks.empty() && d.resolvedRisks.empty() && d.changedRisks.empty()) return;
    out += "\n#### Risks\n\n";
    for (const auto& f : d.newRisks)
        out += "- **new " + std::string(severityName(f.severity)) + "** (" + std::string(ruleName(f.rule)) +
               "): " + mdCell(f.message) + "\n";
    for (const auto& f : d.resolvedRisks)
        out += "- resolved " + std::string(severityName(f.severity)) + " (" + std::string(ruleName(f.rule)) +
               "): " + mdCell(f.message) + "\n";
    for (const auto& [b, a] : d.changedRisks)
        out += "- changed " + std::string(severityName(a.severity)) + " (" + std::string(ruleName(a.rule)) +
               "): " + mdCell(a.message) + "\n  - before: " + mdCell(b.message) + "\n";
}

void mdCosts(std::string& out, const DesignDiff& d)
{
    out += "\n#### A month on demand\n\n| | Before | After |\n|---|---|---|\n";
    out += "| Reads | " + formatDollars(d.readsBefore.onDemandPerMonth) + " | " + formatDollars(d.readsAfter.onDemandPerMonth) +
           " |\n";
    out += "| Writes | " + formatDollars(d.writesBefore.onDemandPerMonth) + " | " +
           formatDollars(d.writesAfter.onDemandPerMonth) + " |\n";
    out += "| Storage | " + formatDollars(d.storageBefore) + " | " + formatDollars(d.storageAfter) + " |\n";
    for (const auto& w : d.writes)
        out += "| " + mdCell(w.entity) + " writes (" + arrow(formatCount(w.unitsBefore), formatCount(w.unitsAfter), " → ") +
               " WRU each) | " + formatDollars(w.before.onDemandPerMonth) + " | " + formatDollars(w.after.onDemandPerMonth) +
               " |\n";
}

json::Value sideJson(const PatternSide& s)
{
    json::Value v = json::Value::object();
    v.set("number", s.number);
    v.set("name", s.name);
    v.set("verdict", s.verdictText());
    v.set("served", s.served());
    v.set("request", s.request);
    v.set("readUnitsPerCall", s.readUnits);
    v.set("ratePerSecond", s.ratePerSecond);
    v.set("onDemandPerMonth", s.dollars.onDemandPerMonth);
    v.set("provisionedPerMonth", s.dollars.provisionedPerMonth);
    return v;
}

json::Value definitionsJson(const std::vector<DefinitionChange>& changes)
{
    json::Value list = json::Value::array();
    for (const auto& c : changes) {
        json::Value v = json::Value::object();
        v.set("what", c.what);
        v.set("change", c.added() ? "added" : c.removed() ? "removed" : "changed");
        v.set("before", c.before.empty() ? json::Value() : json::Value(c.before));
        v.set("after", c.after.empty() ? json::Value() : json::Value(c.after));
        list.push(std::move(v));
    }
    return list;
}

json::Value risksJson(const std::vector<Finding>& findings)
{
    json::Value list = json::Value::array();
    for (const auto& f : findings) {
        json::Value v = json::Value::object();
        v.set("severity", severityName(f.severity));
        v.set("rule", ruleName(f.rule));
        v.set("entity", f.entity);
        v.set("index", f.index);
        v.set("message", f.message);
        list.push(std::move(v));
    }
    return list;
}

json::Value backfillJson(const BackfillEstimate& b)
{
    json::Value v = json::Value::object();
    json::Value steps = json::Value::array();
    for (const auto& s : b.steps) {
        json::Value step = json::Value::object();
        step.set("kind", backfillKindName(s.kind));
        step.set("online", s.online);
        step.set("entity", s.entity);
        step.set("index", s.index);
        step.set("items", s.items);
        step.set("writeUnits", s.writeUnits);
        step.set("text", s.text);
        steps.push(std::move(step));
    }
    v.set("steps", std::move(steps));
    v.set("itemsBackfilledOnline", b.itemsBackfilledOnline);
    v.set("writeUnitsOnline", b.writeUnitsOnline);
    v.set("itemsRewritten", b.itemsRewritten);
    v.set("writeUnitsRewritten", b.writeUnitsRewritten);
    v.set("summary", b.summary());
    return v;
}

}  // namespace

std::string diffText(const DesignDiff& d, const std::string& beforeLabel, const std::string& afterLabel)
{
    std::string out = "Design change: " + beforeLabel + " -> " + afterLabel + "\n";
    if (d.empty()) return out + "No change to patterns, keys, indexes, risks or cost.\n";
    textPatterns(out, d);
    textDefinitions(out, "Table", d.table);
    textDefinitions(out, "Indexes", d.indexes);
    textDefinitions(out, "Entities", d.entities);
    textDefinitions(out, "Key templates", d.keyTemplates);
    if (!d.newRisks.empty() || !d.resolvedRisks.empty() || !d.changedRisks.empty()) {
        out += "\nRisks\n";
        for (const auto& f : d.newRisks) out += "  + " + riskText(f) + "\n";
        for (const auto& f : d.resolvedRisks) out += "  - " + riskText(f) + "\n";
        for (const auto& [b, a] : d.changedRisks) out += "  ~ " + riskText(a) + "\n      was: " + b.message + "\n";
    }
    textCosts(out, d);
    out += "\nOn a table in production\n";
    for (const auto& s : d.backfill.steps) out += "  " + backfillHead(s) + " " + s.text + "\n";
    out += "  " + d.backfill.summary() + "\n";
    const auto failures = d.gateFailures();
    out += failures.empty() ? "\nGate: passes.\n" : "\nGate: fails.\n";
    for (const auto& f : failures) out += "  " + f + "\n";
    return out;
}

std::string diffMarkdown(const DesignDiff& d, const std::string& beforeLabel, const std::string& afterLabel)
{
    std::string out = "### Design change: " + mdCode(beforeLabel) + " → " + mdCode(afterLabel) + "\n\n";
    if (d.empty()) return out + "No change to patterns, keys, indexes, risks or cost.\n";
    const auto failures = d.gateFailures();
    if (failures.empty()) out += "**Gate: passes.** No served pattern becomes unserved; no new error-level risk.\n";
    else out += "**Gate: fails.**\n\n";
    for (const auto& f : failures) out += "- " + mdCell(f) + "\n";
    mdPatterns(out, d);
    mdDefinitions(out, d);
    mdRisks(out, d);
    mdCosts(out, d);
    out += "\n#### On a table in production\n\n";
    for (const auto& s : d.backfill.steps) out += "- **" + backfillHead(s) + "** " + mdCell(s.text) + "\n";
    out += (d.backfill.steps.empty() ? "" : "\n") + mdCell(d.backfill.summary()) + "\n";
    return out;
}

std::string diffJson(const DesignDiff& d, const std::string& beforeLabel, const std::string& afterLabel)
{
    json::Value root = json::Value::object();
    root.set("before", beforeLabel);
    root.set("after", afterLabel);
    root.set("changed", !d.empty());
    json::Value gate = json::Value::array();
    for (const auto& f : d.gateFailures()) gate.push(f);
    root.set("gatePasses", gate.elements().empty());
    root.set("gateFailures", std::move(gate));
    json::Value patterns = json::Value::array();
    for (const auto& p : d.patterns) {
        json::Value v = json::Value::object();
        v.set("change", kindWord(p.kind));
        v.set("before", p.before ? sideJson(*p.before) : json::Value());
        v.set("after", p.after ? sideJson(*p.after) : json::Value());
        json::Value definition = json::Value::array();
        for (const auto& line : p.definition) definition.push(line);
        v.set("definition", std::move(definition));
        patterns.push(std::move(v));
    }
    root.set("patterns", std::move(patterns));
    root.set("table", definitionsJson(d.table));
    root.set("indexes", definitionsJson(d.indexes));
    root.set("entities", definitionsJson(d.entities));
    root.set("keyTemplates", definitionsJson(d.keyTemplates));
    root.set("newRisks", risksJson(d.newRisks));
    root.set("resolvedRisks", risksJson(d.resolvedRisks));
    std::vector<Finding> was, now;
    for (const auto& [b, a] : d.changedRisks) {
        was.push_back(b);
        now.push_back(a);
    }
    json::Value changed = json::Value::array();
    const json::Value wasJson = risksJson(was), nowJson = risksJson(now);
    for (size_t i = 0; i < now.size(); ++i) {
        json::Value pair = json::Value::object();
        pair.set("before", wasJson.elements()[i]);
        pair.set("after", nowJson.elements()[i]);
        changed.push(std::move(pair));
    }
    root.set("changedRisks", std::move(changed));
    json::Value month = json::Value::object();
    for (const auto& [name, b, a] : {std::tuple{"reads", d.readsBefore.onDemandPerMonth, d.readsAfter.onDemandPerMonth},
                                     std::tuple{"writes", d.writesBefore.onDemandPerMonth, d.writesAfter.onDemandPerMonth},
                                     std::tuple{"storage", d.storageBefore, d.storageAfter}}) {
        json::Value pair = json::Value::object();
        pair.set("before", b);
        pair.set("after", a);
        month.set(name, std::move(pair));
    }
    root.set("onDemandPerMonth", std::move(month));
    root.set("backfill", backfillJson(d.backfill));
    return root.dump(2) + "\n";
}

}  // namespace keyplan::analysis
