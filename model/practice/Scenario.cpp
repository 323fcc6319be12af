#include "practice/Scenario.h"

#include "design/DesignFile.h"
#include "json/PathReader.h"
#include "practice/AnswerText.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

namespace keyplan::practice {

std::string_view difficultyName(Difficulty d)
{
    switch (d) {
    case Difficulty::Easy: return "easy";
    case Difficulty::Medium: return "medium";
    case Difficulty::Hard: return "hard";
    }
    return "medium";
}

std::string_view constraintRuleName(Constraint::Rule rule)
{
    switch (rule) {
    case Constraint::Rule::None: return "none";
    case Constraint::Rule::NoScan: return "noScan";
    case Constraint::Rule::OneRequest: return "oneRequest";
    case Constraint::Rule::StrongRead: return "strongRead";
    case Constraint::Rule::MaxIndexes: return "maxIndexes";
    }
    return "none";
}

const ScenarioEntity* Scenario::entity(std::string_view name) const
{
    for (const auto& e : entities) {
        if (e.entity.name == name) return &e;
    }
    return nullptr;
}

const design::AccessPattern* Scenario::pattern(int number) const
{
    for (const auto& p : patterns) {
        if (p.number == number) return &p;
    }
    return nullptr;
}

const Curveball* Scenario::curveball(std::string_view curveballId) const
{
    for (const auto& c : curveballs) {
        if (c.id == curveballId) return &c;
    }
    return nullptr;
}

const FollowUp* Scenario::followUp(std::string_view followUpId) const
{
    for (const auto& f : followUps) {
        if (f.id == followUpId) return &f;
    }
    return nullptr;
}

namespace {

using Json = json::Value;
namespace read = json::read;

// Reads one scenario document through model/json's path reader: every complaint names the JSON
// path of the member at fault (read::fail throws json::FormatError; parseScenario adds the file).
class Reader {
public:
    explicit Reader(QString referenceDirectory) : referenceDirectory_(std::move(referenceDirectory)) {}

    Scenario read(std::string_view document)
    {
        const Json root = read::document(document);
        read::object(&root, "$",
                     {"keyplanScenario", "id", "title", "difficulty", "summary", "brief", "constraints", "entities", "patterns",
                      "reference", "followUps", "curveballs", "prices"});
        version(root);
        Scenario s;
        s.id = text(root, "id", "$");
        if (!std::all_of(s.id.begin(), s.id.end(),
                         [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; }))
            read::fail("$.id", "'" + s.id + "' must be lowercase letters, digits and '-'");
        s.title = text(root, "title", "$");
        s.difficulty = difficulty(root);
        s.summary = text(root, "summary", "$");
        s.brief = text(root, "brief", "$");
        designParts(root, s);
        constraints(root, s);
        volumes(root, s);
        requiredAttributes(root, s);
        followUps(root, s);
        curveballs(root, s);
        reference(root, s);
        curveballDesigns(root, s);
        return s;
    }

private:
    // A required string that says something (an empty title or brief is as good as none).
    static std::string text(const Json& o, const char* key, const std::string& path)
    {
        std::string v = read::string(o, key, path, true);
        if (v.empty()) read::fail(path + "." + key, "must not be empty");
        return v;
    }

    // An optional array of strings, none of them empty.
    static std::vector<std::string> texts(const Json& o, const char* key, const std::string& path)
    {
        std::vector<std::string> out = read::strings(o, key, path);
        for (size_t i = 0; i < out.size(); ++i) {
            if (out[i].empty()) read::fail(path + "." + key + "[" + std::to_string(i) + "]", "must not be empty");
        }
        return out;
    }

    // Constraints: a sentence, or an object giving the sentence and the rule that checks it.
    static void constraints(const Json& root, Scenario& s)
    {
        const Json* list = read::optionalArray(root, "constraints", "$");
        if (!list) return;
        for (size_t i = 0; i < list->elements().size(); ++i) {
            const Json& v = list->elements()[i];
            const std::string path = "$.constraints[" + std::to_string(i) + "]";
            if (v.isString()) {
                if (v.text().empty()) read::fail(path, "must not be empty");
                s.constraints.push_back(v.text());
                continue;
            }
            read::object(&v, path, {"text", "rule", "patterns", "count"});
            Constraint c;
            c.text = text(v, "text", path);
            if (!v.contains("rule")) read::fail(path + ".rule", "is required (noScan, oneRequest, strongRead or maxIndexes)");
            using R = Constraint::Rule;
            c.rule = read::choice(v, "rule", path, R::None,
                                  {{"noScan", R::NoScan},
                                   {"oneRequest", R::OneRequest},
                                   {"strongRead", R::StrongRead},
                                   {"maxIndexes", R::MaxIndexes}});
            if (c.rule == R::MaxIndexes) {
                if (!v.contains("count")) read::fail(path + ".count", "is required: the most indexes the design may have");
                c.count = static_cast<int>(read::integer(v, "count", path, 0, 0, 25));
            } else {
                const Json& numbers = read::array(v.find("patterns"), path + ".patterns");
                if (numbers.elements().empty()) read::fail(path + ".patterns", "name the pattern numbers the rule holds for");
                for (size_t j = 0; j < numbers.elements().size(); ++j) {
                    const std::string at = path + ".patterns[" + std::to_string(j) + "]";
                    size_t n = 0;
                    if (!numbers.elements()[j].toIndex(&n) || n > 10'000 || !s.pattern(static_cast<int>(n)))
                        read::fail(at, "is not the number of one of the scenario's patterns");
                    c.patterns.push_back(static_cast<int>(n));
                }
            }
            s.constraints.push_back(c.text);
            s.checks.push_back(std::move(c));
        }
    }

    static const Json& requiredArray(const Json& o, const char* key, const std::string& path)
    {
        return read::array(o.find(key), path + "." + key);
    }

    static void version(const Json& root)
    {
        if (!root.contains("keyplanScenario")) read::fail("$.keyplanScenario", "is required (the scenario format version, 1)");
        const int64_t n = read::integer(root, "keyplanScenario", "$", 0, 1, 1'000'000);
        if (n > Scenario::kFormatVersion)
            read::fail("$.keyplanScenario", "this file has format version " + std::to_string(n) + "; this Keyplan reads up to " +
                                                std::to_string(Scenario::kFormatVersion));
    }

    static Difficulty difficulty(const Json& root)
    {
        if (!root.contains("difficulty")) read::fail("$.difficulty", "is required");
        return read::choice(root, "difficulty", "$", Difficulty::Medium,
                            {{"easy", Difficulty::Easy}, {"medium", Difficulty::Medium}, {"hard", Difficulty::Hard}});
    }

    // Entities and patterns are written as in a .keyplan.json, so the design file's reader reads
    // them; they sit at the same paths in the document it is given, so its errors name our paths.
    void designParts(const Json& root, Scenario& s) const
    {
        const Json& entities = requiredArray(root, "entities", "$");
        const Json& patterns = requiredArray(root, "patterns", "$");
        if (entities.elements().empty()) read::fail("$.entities", "a scenario needs at least one entity");
        if (patterns.elements().empty()) read::fail("$.patterns", "a scenario needs at least one access pattern");
        Json doc = Json::object();
        doc.set("keyplan", 1);
        doc.set("name", s.title);
        Json table = Json::object();
        table.set("name", "Practice");
        table.set("partitionKey", "PK");
        table.set("sortKey", "SK");
        doc.set("table", std::move(table));
        Json es = Json::array();
        for (size_t i = 0; i < entities.elements().size(); ++i) {
            const Json& e = entities.elements()[i];
            const std::string path = "$.entities[" + std::to_string(i) + "]";
            read::object(&e, path);
            if (e.contains("keys"))
                read::fail(path + ".keys", "a scenario's entities have no keys: the candidate designs them (the reference "
                                           "design holds the model answer)");
            if (!e.contains("volume")) read::fail(path + ".volume", "is required (items, itemSize: the production volume)");
            Json copy = e;
            copy.remove("volume");
            es.push(std::move(copy));
        }
        doc.set("entities", std::move(es));
        doc.set("patterns", patterns);
        if (const Json* prices = root.find("prices")) doc.set("prices", *prices);
        // The design reader's errors already name the scenario's own paths.
        const design::Design d = design::parseDesign(doc.dump());
        for (const auto& e : d.entities()) s.entities.push_back({e, {}});
        s.patterns = d.patterns();
        for (size_t i = 0; i < s.patterns.size(); ++i) {
            const std::string path = "$.patterns[" + std::to_string(i) + "]";
            if (s.patterns[i].returns.empty())
                read::fail(path + ".returns", "say which entity the result is about (and how many items a call returns)");
            if (s.patterns[i].ratePerSecond <= 0) read::fail(path + ".rate", "a scenario pattern needs its calls per second");
        }
        s.prices = d.prices();
    }

    void volumes(const Json& root, Scenario& s) const
    {
        const Json& entities = *root.find("entities");
        for (size_t i = 0; i < s.entities.size(); ++i) {
            const std::string path = "$.entities[" + std::to_string(i) + "].volume";
            const Json& v = read::object(entities.elements()[i].find("volume"), path,
                                         {"items", "itemSize", "growthPerMonth", "largestCollection"});
            Volume& vol = s.entities[i].volume;
            if (!v.contains("items")) read::fail(path + ".items", "is required (how many items there are in production)");
            if (!v.contains("itemSize")) read::fail(path + ".itemSize", "is required (a typical item's size in bytes)");
            // A trillion items and 100 PB an entity are far past any real table and keep every byte
            // count the cost model sums inside a 64-bit integer.
            vol.items = read::number(v, "items", path, 0, 1, 1e12);
            vol.itemSize = read::integer(v, "itemSize", path, 0, 1, 400 * 1024);
            if (vol.items * static_cast<double>(vol.itemSize) > 1e17)
                read::fail(path, "items x itemSize is over 100 PB; no table holds that much");
            vol.growthPerMonth = read::number(v, "growthPerMonth", path, 0, 0, 1e12);
            vol.largestCollection = read::number(v, "largestCollection", path, 0, 0, 1e12);
            if (vol.largestCollection > vol.items)
                read::fail(path + ".largestCollection", "is larger than the entity's items (" + Json(vol.items).compact() + ")");
        }
    }

    void requiredAttributes(const Json& root, const Scenario& s) const
    {
        const Json& patterns = *root.find("patterns");
        for (size_t i = 0; i < s.patterns.size(); ++i) {
            const auto& p = s.patterns[i];
            const std::string path = "$.patterns[" + std::to_string(i) + "]";
            if (!patterns.elements()[i].contains("attributes"))
                read::fail(path + ".attributes", "is required: the attributes the result must carry");
            if (p.attributes.empty()) read::fail(path + ".attributes", "name at least one attribute the result must carry");
            for (size_t j = 0; j < p.attributes.size(); ++j) {
                const bool known = std::any_of(p.returns.begin(), p.returns.end(), [&](const design::ReturnedEntity& r) {
                    const ScenarioEntity* e = s.entity(r.entity);
                    return e && e->entity.attribute(p.attributes[j]);
                });
                if (!known)
                    read::fail(path + ".attributes[" + std::to_string(j) + "]",
                               "'" + p.attributes[j] + "' is not an attribute of the entities the pattern returns");
            }
        }
    }

    RubricPoint rubricPoint(const Json& v, const std::string& path) const
    {
        read::object(&v, path, {"id", "concept", "accepts"});
        RubricPoint p;
        p.id = text(v, "id", path);
        p.statement = text(v, "concept", path);
        p.accepts = texts(v, "accepts", path);
        if (p.accepts.empty()) read::fail(path + ".accepts", "list at least one phrasing that makes the point");
        // A point is made by a clause, not a bare noun: "postgres" alone is not "at small scale a
        // relational database is cheaper".
        for (size_t i = 0; i < p.accepts.size(); ++i) {
            if (contentWords(p.accepts[i]) < 2)
                read::fail(path + ".accepts[" + std::to_string(i) + "]",
                           "'" + p.accepts[i] +
                               "': a phrasing needs at least two words that say something (a point is made "
                               "by a clause, not one word)");
        }
        return p;
    }

    void followUps(const Json& root, Scenario& s) const
    {
        const Json& list = requiredArray(root, "followUps", "$");
        if (list.elements().empty()) read::fail("$.followUps", "a scenario needs at least one follow-up question");
        for (size_t i = 0; i < list.elements().size(); ++i) {
            const std::string path = "$.followUps[" + std::to_string(i) + "]";
            const Json& v = read::object(&list.elements()[i], path, {"id", "question", "points", "modelAnswer"});
            FollowUp f;
            f.id = text(v, "id", path);
            if (s.followUp(f.id)) read::fail(path + ".id", "'" + f.id + "' is used twice");
            f.question = text(v, "question", path);
            f.modelAnswer = text(v, "modelAnswer", path);
            const Json& points = requiredArray(v, "points", path);
            if (points.elements().empty()) read::fail(path + ".points", "a follow-up needs at least one rubric point");
            std::set<std::string> ids;
            for (size_t j = 0; j < points.elements().size(); ++j) {
                const std::string ppath = path + ".points[" + std::to_string(j) + "]";
                RubricPoint p = rubricPoint(points.elements()[j], ppath);
                if (!ids.insert(p.id).second) read::fail(ppath + ".id", "'" + p.id + "' is used twice");
                f.points.push_back(std::move(p));
            }
            s.followUps.push_back(std::move(f));
        }
    }

    design::AccessPattern curveballPattern(const Json& v, const std::string& path, const Scenario& s) const
    {
        Json doc = Json::object();
        doc.set("keyplan", 1);
        Json table = Json::object();
        table.set("name", "Practice");
        table.set("partitionKey", "PK");
        table.set("sortKey", "SK");
        doc.set("table", std::move(table));
        Json es = Json::array();
        for (const auto& e : root_->find("entities")->elements()) {
            Json copy = e;
            copy.remove("volume");
            es.push(std::move(copy));
        }
        doc.set("entities", std::move(es));
        Json ps = Json::array();
        ps.push(v);
        doc.set("patterns", std::move(ps));
        design::Design d;
        try {
            d = design::parseDesign(doc.dump());
        } catch (const json::FormatError& e) {
            std::string where = e.path();
            if (where.starts_with("$.patterns[0]")) where = path + where.substr(std::string("$.patterns[0]").size());
            read::fail(where, e.reason());
        }
        design::AccessPattern p = d.patterns().front();
        if (s.pattern(p.number))
            read::fail(path + ".number", "pattern " + std::to_string(p.number) + " is already one of the scenario's patterns");
        if (p.returns.empty()) read::fail(path + ".returns", "say which entity the result is about");
        if (p.attributes.empty()) read::fail(path + ".attributes", "name at least one attribute the result must carry");
        if (p.ratePerSecond <= 0) read::fail(path + ".rate", "a curveball pattern needs its calls per second");
        return p;
    }

    void curveballs(const Json& root, Scenario& s)
    {
        root_ = &root;
        const Json& list = requiredArray(root, "curveballs", "$");
        if (list.elements().empty()) read::fail("$.curveballs", "a scenario needs at least one curveball");
        for (size_t i = 0; i < list.elements().size(); ++i) {
            const std::string path = "$.curveballs[" + std::to_string(i) + "]";
            const Json& v = read::object(&list.elements()[i], path,
                                         {"id", "arrives", "minute", "say", "pattern", "modelAnswer", "design"});
            Curveball c;
            c.id = text(v, "id", path);
            if (s.curveball(c.id)) read::fail(path + ".id", "'" + c.id + "' is used twice");
            if (!v.contains("arrives")) read::fail(path + ".arrives", "is required");
            c.arrives = read::choice(
                v, "arrives", path, Curveball::Arrives::AfterSubmit,
                {{"afterSubmit", Curveball::Arrives::AfterSubmit}, {"atMinute", Curveball::Arrives::AtMinute}});
            c.minute = static_cast<int>(read::integer(v, "minute", path, 0, 0, 600));
            if (c.arrives == Curveball::Arrives::AtMinute && c.minute <= 0)
                read::fail(path + ".minute", "a curveball that arrives atMinute needs the minute (1 or more)");
            c.say = text(v, "say", path);
            c.modelAnswer = text(v, "modelAnswer", path);
            const Json* pattern = v.find("pattern");
            if (!pattern) read::fail(path + ".pattern", "is required");
            c.pattern = curveballPattern(*pattern, path + ".pattern", s);
            for (const auto& other : s.curveballs) {
                if (other.pattern.number == c.pattern.number)
                    read::fail(path + ".pattern.number",
                               "pattern " + std::to_string(c.pattern.number) + " is used by curveball " + other.id);
            }
            s.curveballs.push_back(std::move(c));
        }
    }

    void reference(const Json& root, Scenario& s) const
    {
        s.reference = namedDesign(text(root, "reference", "$"), "$.reference", s, "the reference design", nullptr,
                                  &s.referenceFile);
    }

    // A design the scenario names: read relative to the scenario, holding every scenario entity and
    // pattern (and `extra`, a curveball's pattern).
    design::Design namedDesign(const std::string& file, const std::string& path, const Scenario& s, const char* what,
                               const design::AccessPattern* extra, QString* where) const
    {
        *where = QDir(referenceDirectory_).filePath(QString::fromStdString(file));
        design::Design d;
        try {
            d = design::loadDesignFile(*where);
        } catch (const json::FormatError& e) {
            read::fail(path, std::string(what) + " " + file + " cannot be read: " + e.path() + ": " + e.reason());
        }
        std::vector<design::AccessPattern> wanted = s.patterns;
        if (extra) wanted.push_back(*extra);
        for (const auto& p : wanted) {
            if (!d.patternByNumber(p.number))
                read::fail(path, std::string(what) + " " + file + " has no pattern " + std::to_string(p.number) + " (" + p.name +
                                     "); it must answer every pattern of the scenario");
        }
        for (const auto& e : s.entities) {
            if (!d.entityByName(e.entity.name))
                read::fail(path, std::string(what) + " " + file + " has no entity " + e.entity.name);
        }
        return d;
    }

    void curveballDesigns(const Json& root, Scenario& s) const
    {
        const Json& list = *root.find("curveballs");
        for (size_t i = 0; i < s.curveballs.size(); ++i) {
            const std::string path = "$.curveballs[" + std::to_string(i) + "]";
            if (!list.elements()[i].contains("design")) continue;
            Curveball& c = s.curveballs[i];
            c.design = namedDesign(text(list.elements()[i], "design", path), path + ".design", s, "the curveball's design",
                                   &c.pattern, &c.designFile);
        }
    }

    QString referenceDirectory_;
    const Json* root_ = nullptr;
};

}  // namespace

Scenario parseScenario(std::string_view json, const QString& referenceDirectory, const std::string& fileName)
{
    try {
        return Reader(referenceDirectory).read(json);
    } catch (const json::FormatError& e) {
        if (fileName.empty() || !e.fileName().empty()) throw;
        throw e.inFile(fileName);
    }
}

Scenario loadScenarioFile(const QString& fileName)
{
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly))
        throw json::FormatError("$", "cannot be read: " + file.errorString().toStdString(), fileName.toStdString());
    const QByteArray bytes = file.readAll();
    return parseScenario(std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())),
                         QFileInfo(fileName).absolutePath(), fileName.toStdString());
}

QStringList builtInScenarioFiles()
{
    QStringList files;
    QDirIterator it(QStringLiteral(":/scenarios"), {QStringLiteral("*.scenario.json")}, QDir::Files);
    while (it.hasNext()) files << it.next();
    files.sort();
    return files;
}

std::optional<Scenario> loadBuiltInScenario(std::string_view id)
{
    const QString file = QStringLiteral(":/scenarios/") + QString::fromUtf8(id.data(), static_cast<qsizetype>(id.size())) +
                         QStringLiteral(".scenario.json");
    if (!QFile::exists(file)) return std::nullopt;
    return loadScenarioFile(file);
}

std::vector<Scenario> loadBuiltInScenarios()
{
    std::vector<Scenario> out;
    for (const QString& f : builtInScenarioFiles()) out.push_back(loadScenarioFile(f));
    return out;
}

std::string scenarioTitle(const std::string& id)
{
    static const std::map<std::string, std::string, std::less<>> titles = [] {
        std::map<std::string, std::string, std::less<>> out;
        try {
            for (const auto& s : loadBuiltInScenarios()) out[s.id] = s.title;
        } catch (const json::FormatError&) {
            // A broken shipped scenario leaves the ids to speak for themselves.
        }
        return out;
    }();
    const auto found = titles.find(id);
    return found == titles.end() ? id : found->second;
}

Scenario loadScenario(const QString& idOrFile)
{
    if (!idOrFile.contains('/') && !idOrFile.endsWith(QStringLiteral(".json"))) {
        if (auto s = loadBuiltInScenario(idOrFile.toStdString())) return *s;
        throw json::FormatError("$", "no shipped scenario has this id (keyplan-cli practice list shows them)",
                                idOrFile.toStdString());
    }
    return loadScenarioFile(idOrFile);
}

}  // namespace keyplan::practice
