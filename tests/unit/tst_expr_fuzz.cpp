// The expression parser never crashes, hangs or recurses without bound: 120,000 generated and
// mutated expressions (fixed seed) go through every parse entry point and, when accepted, through
// evaluation, projection and update against random items. Each call must return or throw
// dynamo::Error, nothing else. A hang is the run's timeout to catch: no wall-clock bound here could
// tell one from a busy machine. (The same generator, run against DynamoDB Local 1.25's own parser
// classes, agreed on every message apart from its internal `a.:value` path form.)
#include "tst_expr_support.h"

#include <QTest>

#include <random>

using namespace exprtest;
using keyplan::dynamo::Number;

namespace {

class Generator {
public:
    explicit Generator(uint32_t seed) : rng_(seed) {}

    int below(int n) { return static_cast<int>(rng_() % static_cast<uint32_t>(n)); }
    bool chance(int percent) { return below(100) < percent; }
    template <typename T, size_t N>
    const T& pick(const T (&items)[N])
    {
        return items[below(static_cast<int>(N))];
    }

    std::string path()
    {
        static const char* kNames[] = {"a", "b", "c", "x", "pk", "name", "size", "#n0", "#n1", "#zz", "Status", "l", "m", "a_1"};
        std::string s = pick(kNames);
        int steps = pick({0, 0, 0, 1, 1, 2, 3});
        for (int i = 0; i < steps; ++i) {
            int k = below(10);
            if (k < 5) {
                s += std::string(".") + pick(kNames);
            } else if (k < 9) {
                s += "[" + std::to_string(pick({0, 1, 2, 10})) + "]";
            } else {
                s += ".:v0";
            }
        }
        return s;
    }

    std::string operand(int depth)
    {
        static const char* kValues[] = {":v0", ":v1", ":n0", ":n1", ":ss", ":ns", ":l", ":b", ":t", ":zz", ":m"};
        static const char* kFunctions[] = {
            "attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains", "size",
            "if_not_exists",    "list_append"};
        int k = below(100);
        if (depth > 3) k = below(60);
        if (k < 35) return path();
        if (k < 60) return pick(kValues);
        if (k < 85) {
            std::string f = pick(kFunctions);
            int n = (f == "size" || f.rfind("attribute_", 0) == 0) && f != "attribute_type" ? 1 : 2;
            if (chance(20)) n = below(3) + 1;
            std::string s = f + "(";
            for (int i = 0; i < n; ++i) s += (i ? ", " : "") + operand(depth + 1);
            return s + ")";
        }
        return "(" + operand(depth + 1) + ")";
    }

    std::string condition(int depth)
    {
        static const char* kComparators[] = {"=", "<>", "<", "<=", ">", ">="};
        int k = below(100);
        if (depth > 4) k = below(50);
        if (k < 30) return operand(depth) + " " + pick(kComparators) + " " + operand(depth);
        if (k < 38) return operand(depth) + " BETWEEN " + operand(depth) + " AND " + operand(depth);
        if (k < 45) {
            std::string s = operand(depth) + " IN (";
            int n = below(4) + 1;
            for (int i = 0; i < n; ++i) s += (i ? ", " : "") + operand(depth);
            return s + ")";
        }
        if (k < 55)
            return std::string(pick({"attribute_exists(", "begins_with(", "contains("})) + path() + ", " + operand(depth + 1) +
                   ")";
        if (k < 65) return "NOT " + condition(depth + 1);
        if (k < 75) return "(" + condition(depth + 1) + ")";
        return condition(depth + 1) + pick({" AND ", " OR ", " and "}) + condition(depth + 1);
    }

    std::string update()
    {
        std::string out;
        int sections = pick({1, 1, 2, 3, 4});
        for (int s = 0; s < sections; ++s) {
            std::string kind = pick({"SET", "REMOVE", "ADD", "DELETE", "set"});
            out += (s ? " " : "") + kind + " ";
            int actions = pick({1, 1, 2, 3});
            for (int a = 0; a < actions; ++a) {
                if (a) out += ", ";
                if (kind == "SET" || kind == "set") {
                    out += path() + " = ";
                    int v = below(10);
                    out += v < 5   ? operand(1)
                           : v < 9 ? operand(1) + pick({" + ", " - "}) + operand(1)
                                   : "(" + operand(1) + " + :n1)";
                } else if (kind == "REMOVE") {
                    out += path();
                } else {
                    out += path() + " " + pick({":n0", ":ss", ":ns", ":v0", ":zz"});
                }
            }
        }
        return out;
    }

    std::string projection()
    {
        std::string out = path();
        int n = below(4);
        for (int i = 0; i < n; ++i) out += ", " + path();
        return out;
    }

    std::string mutate(std::string s)
    {
        static const char* kPieces[] = {"(",  ")", ",",        ".",  "[",     "]",  "=",       "<>",  "<",  "<=",  ">",   "+",
                                        "-",  " ", "AND",      "OR", "NOT",   "IN", "BETWEEN", "SET", "a",  "#n0", ":v0", "1",
                                        "01", "!", "\xC3\xA9", "$",  "size(", "::", "##",      "\t",  "\n", "((",  "))"};
        int edits = below(3) + 1;
        for (int e = 0; e < edits; ++e) {
            size_t at = s.empty() ? 0 : static_cast<size_t>(below(static_cast<int>(s.size()) + 1));
            int k = below(100);
            if (k < 25 && at < s.size()) {
                s.erase(at, static_cast<size_t>(below(4) + 1));
            } else if (k < 55) {
                s.insert(at, pick(kPieces));
            } else if (k < 70 && at < s.size()) {
                s[at] = static_cast<char>(below(256));
            } else if (k < 85 && !s.empty()) {
                size_t from = static_cast<size_t>(below(static_cast<int>(s.size())));
                s.insert(at, s.substr(from, static_cast<size_t>(below(8) + 1)));
            } else {
                s.insert(at, std::string(static_cast<size_t>(below(40) + 1), pick({'(', ')', ' ', 'a'})));
            }
        }
        return s;
    }

    AttributeValue randomValue(int depth)
    {
        switch (below(depth > 2 ? 7 : 10)) {
        case 0: return AttributeValue::string(pick({"", "v0", "v1", "héllo", "S"}));
        case 1: return AttributeValue::number(Number::fromInt(below(7) - 3));
        case 2: return AttributeValue::binary(std::string(static_cast<size_t>(below(3)), '\x01'));
        case 3: return AttributeValue::boolean(chance(50));
        case 4: return AttributeValue::null();
        case 5: return AttributeValue::stringSet({"a", pick({"b", "v0", "c"})});
        case 6: return AttributeValue::numberSet({Number::fromInt(1), Number::fromInt(below(5) + 2)});
        case 7: {
            keyplan::dynamo::AttributeList l;
            int n = below(4);
            for (int i = 0; i < n; ++i) l.push_back(randomValue(depth + 1));
            return AttributeValue::list(std::move(l));
        }
        default: {
            keyplan::dynamo::AttributeMap m;
            int n = below(4);
            for (int i = 0; i < n; ++i) m.emplace(pick({"a", "b", "c", "x", "n0", "l"}), randomValue(depth + 1));
            return AttributeValue::map(std::move(m));
        }
        }
    }

    Item randomItem()
    {
        Item item;
        item.emplace("pk", AttributeValue::string("k"));
        int n = below(6);
        for (int i = 0; i < n; ++i)
            item.emplace(pick({"a", "b", "c", "x", "n0", "n1", "l", "m", "Status", "a_1"}), randomValue(0));
        return item;
    }

private:
    std::mt19937 rng_;
};

struct Counts {
    int inputs = 0;
    int accepted = 0;
    int rejected = 0;
};

}  // namespace

class ExprFuzzTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldReturnOrThrowDynamoErrorForEveryInput()
    {
        expr::Names names{{"#n0", "n0"}, {"#n1", "n1"}};
        expr::Values values{{":v0", AttributeValue::string("v0")},
                            {":v1", AttributeValue::string("v1")},
                            {":n0", AttributeValue::number(Number::fromInt(0))},
                            {":n1", AttributeValue::number(Number::parse("9.99999999999999999999999999999999999e125"))},
                            {":ss", AttributeValue::stringSet({"a", "b"})},
                            {":ns", AttributeValue::numberSet({Number::fromInt(1)})},
                            {":l", AttributeValue::list({AttributeValue::string("e")})},
                            {":b", AttributeValue::boolean(true)},
                            {":t", AttributeValue::string("S")},
                            {":m", AttributeValue::map({{"a", AttributeValue::null()}})}};
        expr::KeySchema schema{"pk", keyplan::dynamo::Type::S, "n0", keyplan::dynamo::Type::N};
        Generator gen(20240601);
        Counts counts;

        auto run = [&](const std::string& text, int kind) {
            ++counts.inputs;
            try {
                expr::PlaceholderUse use;
                switch (kind) {
                case 0:
                case 1: {
                    auto c = expr::parseCondition(text, kind == 0 ? expr::Kind::Condition : expr::Kind::Filter, &names, &values,
                                                  &use);
                    for (int i = 0; i < 3; ++i) c.evaluate(gen.randomItem());
                    c.topLevelAttributes();
                    break;
                }
                case 2: {
                    auto k = expr::parseKeyCondition(text, schema, &names, &values, &use);
                    k.matches(gen.randomItem());
                    break;
                }
                case 3: {
                    auto p = expr::parseProjection(text, &names, &use);
                    for (int i = 0; i < 3; ++i) p.apply(gen.randomItem());
                    break;
                }
                default: {
                    auto u = expr::parseUpdate(text, &names, &values, &use);
                    for (int i = 0; i < 3; ++i) {
                        Item old = gen.randomItem();
                        try {
                            Item updated = u.apply(old);
                            u.updatedAttributes(old);
                            u.updatedAttributes(updated);
                        } catch (const keyplan::dynamo::Error&) {
                        }
                    }
                    u.checkKeyAttributesNotUpdated({"pk"});
                    break;
                }
                }
                ++counts.accepted;
                expr::checkAllPlaceholdersUsed(&names, &values, use);
            } catch (const keyplan::dynamo::Error& e) {
                QVERIFY2(!e.message().empty(), text.c_str());
                if (e.message().rfind("Value provided in", 0) != 0) ++counts.rejected;
            }
        };

        for (int i = 0; i < 60000; ++i) {
            int kind = gen.below(5);
            std::string text = kind <= 2 ? gen.condition(0) : kind == 3 ? gen.projection() : gen.update();
            run(text, kind);
            for (int m = 0; m < 1; ++m) run(gen.mutate(text), kind);
        }
        // Pure noise and pathological nesting.
        for (int i = 0; i < 2000; ++i) {
            std::string noise(static_cast<size_t>(gen.below(60) + 1), ' ');
            for (char& c : noise) c = static_cast<char>(gen.below(256));
            run(noise, gen.below(5));
        }
        for (int depth : {100, 1000, 2047, 4000}) {
            for (int kind = 0; kind < 5; ++kind) {
                run(std::string(static_cast<size_t>(depth), '(') + "a = :v0" + std::string(static_cast<size_t>(depth), ')'), kind);
                run(std::string(static_cast<size_t>(depth), '('), kind);
                std::string nots;
                for (int i = 0; i < depth / 4; ++i) nots += "NOT ";
                run(nots + "a = :v0", kind);
            }
        }
        qInfo("%d inputs (%d accepted, %d rejected with dynamo::Error)", counts.inputs, counts.accepted, counts.rejected);
        QVERIFY(counts.inputs >= 100000);
        QVERIFY(counts.accepted > counts.inputs / 20);  // the generator reaches evaluation, not only errors
    }
};

QTEST_GUILESS_MAIN(ExprFuzzTest)
#include "tst_expr_fuzz.moc"
