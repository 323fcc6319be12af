#include "practice/Scenario.h"

#include "design/DesignFile.h"
#include "io/Json.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

namespace keyplan::practice {

ScenarioFileError::ScenarioFileError(std::string path, std::string reason, std::string fileName)
    : std::runtime_error((fileName.empty() ? std::string() : fileName + ": ") + path + ": " + reason),
      path_(std::move(path)), reason_(std::move(reason)), fileName_(std::move(fileName))
{
}

std::string_view difficultyName(Difficulty d)
{
    switch (d) {
    case Difficulty::Easy: return "easy";
    case Difficulty::Medium: return "medium";
    case Difficulty::Hard: return "hard";
    }
    return "medium";
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

using io::Json;

std::string kindOf(const Json* v)
{
    if (!v) return "missing";
    switch (v->kind()) {
    case Json::Kind::Null: return "null";
    case Json::Kind::Bool: return "a boolean";
    case Json::Kind::Number: return "a number";
    case Json::Kind::String: return "a string";
    case Json::Kind::Array: return "an array";
    case Json::Kind::Object: return "an object";
    }
    return "?";
}

// Reads one scenario document, naming the JSON path of whatever is wrong.
class Reader {
public:
    Reader(std::string fileName, QString referenceDirectory)
        : fileName_(std::move(fileName)), referenceDirectory_(std::move(referenceDirectory))
    {
    }

    Scenario read(std::string_view text)
    {
        Json root;
        std::string error;
        if (!Json::parse(text, &root, &error)) fail("$", "not valid JSON: " + error);
        object(root, "$", {"keyplanScenario", "id", "title", "difficulty", "summary", "brief", "constraints", "entities",
                           "patterns", "reference", "followUps", "curveballs", "prices"});
        version(root);
        Scenario s;
        s.id = string(root, "id", "$", true);
        if (s.id.empty() || !std::all_of(s.id.begin(), s.id.end(), [](char c) {
                return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
            }))
            fail("$.id", "'" + s.id + "' must be lowercase letters, digits and '-'");
        s.title = string(root, "title", "$", true);
        s.difficulty = difficulty(root);
        s.summary = string(root, "summary", "$", true);
        s.brief = string(root, "brief", "$", true);
        s.constraints = strings(root, "constraints", "$");
        designParts(root, s);
        volumes(root, s);
        requiredAttributes(root, s);
        followUps(root, s);
        curveballs(root, s);
        reference(root, s);
        return s;
    }

private:
    [[noreturn]] void fail(const std::string& path, const std::string& why) const
    {
        throw ScenarioFileError(path, why, fileName_);
    }

    const Json& object(const Json& v, const std::string& path, std::initializer_list<const char*> allowed) const
    {
        if (!v.isObject()) fail(path, "expected an object, found " + kindOf(&v));
        for (const auto& [key, value] : v.members()) {
            if (std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return key == a; })) {
                std::string known;
                for (const char* a : allowed) known += (known.empty() ? "" : ", ") + std::string(a);
                fail(path + "." + key, "unknown member (expected one of: " + known + ")");
            }
        }
        return v;
    }

    const Json& array(const Json& o, const char* key, const std::string& path, bool required) const
    {
        static const Json empty = Json::array();
        const Json* v = o.find(key);
        if (!v) {
            if (required) fail(path + "." + key, "is required");
            return empty;
        }
        if (!v->isArray()) fail(path + "." + key, "expected an array, found " + kindOf(v));
        return *v;
    }

    std::string string(const Json& o, const char* key, const std::string& path, bool required) const
    {
        const Json* v = o.find(key);
        if (!v) {
            if (required) fail(path + "." + key, "is required");
            return {};
        }
        if (!v->isString()) fail(path + "." + key, "expected a string, found " + kindOf(v));
        if (required && v->text().empty()) fail(path + "." + key, "must not be empty");
        return v->text();
    }

    double number(const Json& o, const char* key, const std::string& path, double fallback, double min, double max) const
    {
        const Json* v = o.find(key);
        if (!v) return fallback;
        if (!v->isNumber()) fail(path + "." + key, "expected a number, found " + kindOf(v));
        const double d = v->toDouble();
        if (!(d >= min && d <= max))
            fail(path + "." + key, v->text() + " is out of range (" + Json(min).compact() + " to " + Json(max).compact() + ")");
        return d;
    }

    std::vector<std::string> strings(const Json& o, const char* key, const std::string& path) const
    {
        std::vector<std::string> out;
        const Json& a = array(o, key, path, false);
        for (size_t i = 0; i < a.elements().size(); ++i) {
            const Json& e = a.elements()[i];
            const std::string at = path + "." + key + "[" + std::to_string(i) + "]";
            if (!e.isString()) fail(at, "expected a string, found " + kindOf(&e));
            if (e.text().empty()) fail(at, "must not be empty");
            out.push_back(e.text());
        }
        return out;
    }

    void version(const Json& root) const
    {
        const Json* v = root.find("keyplanScenario");
        size_t n = 0;
        if (!v) fail("$.keyplanScenario", "is required (the scenario format version, 1)");
        if (!v->toIndex(&n) || n < 1) fail("$.keyplanScenario", "the format version must be a whole number from 1");
        if (n > static_cast<size_t>(Scenario::kFormatVersion))
            fail("$.keyplanScenario", "this file has format version " + std::to_string(n) + "; this Keyplan reads up to " +
                                          std::to_string(Scenario::kFormatVersion));
    }

    Difficulty difficulty(const Json& root) const
    {
        const std::string d = string(root, "difficulty", "$", true);
        if (d == "easy") return Difficulty::Easy;
        if (d == "medium") return Difficulty::Medium;
        if (d == "hard") return Difficulty::Hard;
        fail("$.difficulty", "'" + d + "' is not one of easy, medium, hard");
    }

    // Entities and patterns are written as in a .keyplan.json, so the design file's reader reads
    // them; they sit at the same paths in the document it is given, so its errors name our paths.
    void designParts(const Json& root, Scenario& s) const
    {
        const Json& entities = array(root, "entities", "$", true);
        const Json& patterns = array(root, "patterns", "$", true);
        if (entities.elements().empty()) fail("$.entities", "a scenario needs at least one entity");
        if (patterns.elements().empty()) fail("$.patterns", "a scenario needs at least one access pattern");
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
            if (!e.isObject()) fail(path, "expected an object, found " + kindOf(&e));
            if (e.contains("keys"))
                fail(path + ".keys", "a scenario's entities have no keys: the candidate designs them (the reference "
                                     "design holds the model answer)");
            if (!e.contains("volume")) fail(path + ".volume", "is required (items, itemSize: the production volume)");
            Json copy = e;
            copy.remove("volume");
            es.push(std::move(copy));
        }
        doc.set("entities", std::move(es));
        doc.set("patterns", patterns);
        if (const Json* prices = root.find("prices")) doc.set("prices", *prices);
        design::Design d;
        try {
            d = design::parseDesign(doc.dump());
        } catch (const design::DesignFileError& e) {
            fail(e.path(), e.reason());
        }
        for (const auto& e : d.entities()) s.entities.push_back({e, {}});
        s.patterns = d.patterns();
        for (size_t i = 0; i < s.patterns.size(); ++i) {
            const std::string path = "$.patterns[" + std::to_string(i) + "]";
            if (s.patterns[i].returns.empty())
                fail(path + ".returns", "say which entity the result is about (and how many items a call returns)");
            if (s.patterns[i].ratePerSecond <= 0) fail(path + ".rate", "a scenario pattern needs its calls per second");
        }
        s.prices = d.prices();
    }

    void volumes(const Json& root, Scenario& s) const
    {
        const Json& entities = *root.find("entities");
        for (size_t i = 0; i < s.entities.size(); ++i) {
            const std::string path = "$.entities[" + std::to_string(i) + "].volume";
            const Json& v = object(*entities.elements()[i].find("volume"), path,
                                   {"items", "itemSize", "growthPerMonth", "largestCollection"});
            Volume& vol = s.entities[i].volume;
            if (!v.contains("items")) fail(path + ".items", "is required (how many items there are in production)");
            if (!v.contains("itemSize")) fail(path + ".itemSize", "is required (a typical item's size in bytes)");
            // A trillion items and 100 PB an entity are far past any real table and keep every byte
            // count the cost model sums inside a 64-bit integer.
            vol.items = number(v, "items", path, 0, 1, 1e12);
            vol.itemSize = static_cast<int64_t>(number(v, "itemSize", path, 0, 1, 400 * 1024));
            if (vol.items * static_cast<double>(vol.itemSize) > 1e17)
                fail(path, "items x itemSize is over 100 PB; no table holds that much");
            vol.growthPerMonth = number(v, "growthPerMonth", path, 0, 0, 1e12);
            vol.largestCollection = number(v, "largestCollection", path, 0, 0, 1e12);
            if (vol.largestCollection > vol.items)
                fail(path + ".largestCollection", "is larger than the entity's items (" + Json(vol.items).compact() + ")");
        }
    }

    void requiredAttributes(const Json& root, const Scenario& s) const
    {
        const Json& patterns = *root.find("patterns");
        for (size_t i = 0; i < s.patterns.size(); ++i) {
            const auto& p = s.patterns[i];
            const std::string path = "$.patterns[" + std::to_string(i) + "]";
            if (!patterns.elements()[i].contains("attributes"))
                fail(path + ".attributes", "is required: the attributes the result must carry");
            if (p.attributes.empty()) fail(path + ".attributes", "name at least one attribute the result must carry");
            for (size_t j = 0; j < p.attributes.size(); ++j) {
                const bool known = std::any_of(p.returns.begin(), p.returns.end(), [&](const design::ReturnedEntity& r) {
                    const ScenarioEntity* e = s.entity(r.entity);
                    return e && e->entity.attribute(p.attributes[j]);
                });
                if (!known)
                    fail(path + ".attributes[" + std::to_string(j) + "]",
                         "'" + p.attributes[j] + "' is not an attribute of the entities the pattern returns");
            }
        }
    }

    RubricPoint rubricPoint(const Json& v, const std::string& path) const
    {
        object(v, path, {"id", "concept", "accepts"});
        RubricPoint p;
        p.id = string(v, "id", path, true);
        p.statement = string(v, "concept", path, true);
        p.accepts = strings(v, "accepts", path);
        if (p.accepts.empty()) fail(path + ".accepts", "list at least one phrasing that makes the point");
        for (size_t i = 0; i < p.accepts.size(); ++i) {
            bool words = false;
            for (char c : p.accepts[i]) words = words || std::isalnum(static_cast<unsigned char>(c));
            if (!words) fail(path + ".accepts[" + std::to_string(i) + "]", "a phrasing needs at least one word");
        }
        return p;
    }

    void followUps(const Json& root, Scenario& s) const
    {
        const Json& list = array(root, "followUps", "$", true);
        if (list.elements().empty()) fail("$.followUps", "a scenario needs at least one follow-up question");
        for (size_t i = 0; i < list.elements().size(); ++i) {
            const std::string path = "$.followUps[" + std::to_string(i) + "]";
            const Json& v = object(list.elements()[i], path, {"id", "question", "points", "modelAnswer"});
            FollowUp f;
            f.id = string(v, "id", path, true);
            if (s.followUp(f.id)) fail(path + ".id", "'" + f.id + "' is used twice");
            f.question = string(v, "question", path, true);
            f.modelAnswer = string(v, "modelAnswer", path, true);
            const Json& points = array(v, "points", path, true);
            if (points.elements().empty()) fail(path + ".points", "a follow-up needs at least one rubric point");
            std::set<std::string> ids;
            for (size_t j = 0; j < points.elements().size(); ++j) {
                const std::string ppath = path + ".points[" + std::to_string(j) + "]";
                RubricPoint p = rubricPoint(points.elements()[j], ppath);
                if (!ids.insert(p.id).second) fail(ppath + ".id", "'" + p.id + "' is used twice");
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
        } catch (const design::DesignFileError& e) {
            std::string where = e.path();
            if (where.starts_with("$.patterns[0]")) where = path + where.substr(std::string("$.patterns[0]").size());
            fail(where, e.reason());
        }
        design::AccessPattern p = d.patterns().front();
        if (s.pattern(p.number))
            fail(path + ".number", "pattern " + std::to_string(p.number) + " is already one of the scenario's patterns");
        if (p.returns.empty()) fail(path + ".returns", "say which entity the result is about");
        if (p.attributes.empty()) fail(path + ".attributes", "name at least one attribute the result must carry");
        if (p.ratePerSecond <= 0) fail(path + ".rate", "a curveball pattern needs its calls per second");
        return p;
    }

    void curveballs(const Json& root, Scenario& s)
    {
        root_ = &root;
        const Json& list = array(root, "curveballs", "$", true);
        if (list.elements().empty()) fail("$.curveballs", "a scenario needs at least one curveball");
        for (size_t i = 0; i < list.elements().size(); ++i) {
            const std::string path = "$.curveballs[" + std::to_string(i) + "]";
            const Json& v = object(list.elements()[i], path, {"id", "arrives", "minute", "say", "pattern", "modelAnswer"});
            Curveball c;
            c.id = string(v, "id", path, true);
            if (s.curveball(c.id)) fail(path + ".id", "'" + c.id + "' is used twice");
            const std::string arrives = string(v, "arrives", path, true);
            if (arrives == "afterSubmit") c.arrives = Curveball::Arrives::AfterSubmit;
            else if (arrives == "atMinute") c.arrives = Curveball::Arrives::AtMinute;
            else fail(path + ".arrives", "'" + arrives + "' is not one of afterSubmit, atMinute");
            c.minute = static_cast<int>(number(v, "minute", path, 0, 0, 600));
            if (c.arrives == Curveball::Arrives::AtMinute && c.minute <= 0)
                fail(path + ".minute", "a curveball that arrives atMinute needs the minute (1 or more)");
            c.say = string(v, "say", path, true);
            c.modelAnswer = string(v, "modelAnswer", path, true);
            const Json* pattern = v.find("pattern");
            if (!pattern) fail(path + ".pattern", "is required");
            c.pattern = curveballPattern(*pattern, path + ".pattern", s);
            for (const auto& other : s.curveballs) {
                if (other.pattern.number == c.pattern.number)
                    fail(path + ".pattern.number", "pattern " + std::to_string(c.pattern.number) + " is used by curveball " + other.id);
            }
            s.curveballs.push_back(std::move(c));
        }
    }

    void reference(const Json& root, Scenario& s) const
    {
        const std::string file = string(root, "reference", "$", true);
        const QString path = QDir(referenceDirectory_).filePath(QString::fromStdString(file));
        try {
            s.reference = design::loadDesignFile(path);
        } catch (const design::DesignFileError& e) {
            fail("$.reference", "the reference design " + file + " cannot be read: " + e.path() + ": " + e.reason());
        }
        s.referenceFile = path;
        for (const auto& p : s.patterns) {
            if (!s.reference.patternByNumber(p.number))
                fail("$.reference", "the reference design " + file + " has no pattern " + std::to_string(p.number) + " (" +
                                        p.name + "); it must answer every pattern of the scenario");
        }
        for (const auto& e : s.entities) {
            if (!s.reference.entityByName(e.entity.name))
                fail("$.reference", "the reference design " + file + " has no entity " + e.entity.name);
        }
    }

    std::string fileName_;
    QString referenceDirectory_;
    const Json* root_ = nullptr;
};

}  // namespace

Scenario parseScenario(std::string_view json, const QString& referenceDirectory, const std::string& fileName)
{
    return Reader(fileName, referenceDirectory).read(json);
}

Scenario loadScenarioFile(const QString& fileName)
{
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly))
        throw ScenarioFileError("$", "cannot be read: " + file.errorString().toStdString(), fileName.toStdString());
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

Scenario loadScenario(const QString& idOrFile)
{
    if (!idOrFile.contains('/') && !idOrFile.endsWith(QStringLiteral(".json"))) {
        if (auto s = loadBuiltInScenario(idOrFile.toStdString())) return *s;
        throw ScenarioFileError("$", "no shipped scenario has this id (keyplan-cli practice list shows them)",
                                idOrFile.toStdString());
    }
    return loadScenarioFile(idOrFile);
}

}  // namespace keyplan::practice
