// design::KeyTemplate: parse, render, match back, the begins_with prefix, and the rules that
// make hierarchical keys work.
#include "design/KeyTemplate.h"

#include <QTest>

using keyplan::design::KeyTemplate;
using keyplan::design::TemplateIssue;
using keyplan::design::Values;
using keyplan::design::VariableTraits;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

QString joined(const std::vector<std::string>& v)
{
    QStringList l;
    for (const auto& s : v) l << q(s);
    return l.join(',');
}

// name=value;name=value -> Values
Values values(const QString& spec)
{
    Values v;
    for (const QString& pair : spec.split(';', Qt::SkipEmptyParts)) {
        const auto kv = pair.split('=');
        v[kv[0].toStdString()] = kv.value(1).toStdString();
    }
    return v;
}

QString valuesText(const Values& v)
{
    QStringList l;
    for (const auto& [k, x] : v) l << q(k) + "=" + q(x);
    return l.join(';');
}

}  // namespace

class KeyTemplateTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldParseVariablesInOrder_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("variables");
        QTest::addColumn<QString>("fixedPrefix");
        QTest::newRow("constant") << "PROFILE"
                                  << ""
                                  << "PROFILE";
        QTest::newRow("customer") << "CUST#{customerId}"
                                  << "customerId"
                                  << "CUST#";
        QTest::newRow("order hierarchy") << "ORDER#{orderDate}#{orderId}"
                                         << "orderDate,orderId"
                                         << "ORDER#";
        QTest::newRow("variable first") << "{orderDate}"
                                        << "orderDate"
                                        << "";
        QTest::newRow("status and day") << "STATUS#{status}#{day}"
                                        << "status,day"
                                        << "STATUS#";
        QTest::newRow("repeated variable") << "c#{customerId}#{customerId}"
                                           << "customerId"
                                           << "c#";
        QTest::newRow("escaped braces") << "A{{x}}#{id}"
                                        << "id"
                                        << "A{x}#";
        QTest::newRow("dash and underscore names") << "W#{ware_house-id}"
                                                   << "ware_house-id"
                                                   << "W#";
    }
    void shouldParseVariablesInOrder()
    {
        QFETCH(QString, text);
        QFETCH(QString, variables);
        QFETCH(QString, fixedPrefix);
        const KeyTemplate t = KeyTemplate::parse(text.toStdString());
        QCOMPARE(joined(t.variables()), variables);
        QCOMPARE(q(t.fixedPrefix()), fixedPrefix);
        QCOMPARE(q(t.text()), text);
        QCOMPARE(t.isConstant(), variables.isEmpty());
    }

    void shouldRejectBrokenTemplatesWithColumn_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("unclosed") << "CUST#{customerId"
                                  << "column 6: '{' is not closed by '}'";
        QTest::newRow("stray close") << "CUST#id}"
                                     << "column 8: '}' without '{' (write '}}' for a literal brace)";
        QTest::newRow("empty name") << "A#{}"
                                    << "column 3: empty variable name '{}'";
        QTest::newRow("digit first") << "A#{1x}"
                                     << "column 4: variable name '1x' must start with a letter or '_'";
        QTest::newRow("space in name") << "A#{a b}"
                                       << "column 5: variable name 'a b' has the character ' ' (use letters, digits, '_' or '-')";
    }
    void shouldRejectBrokenTemplatesWithColumn()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        KeyTemplate t;
        std::string why;
        QVERIFY(!KeyTemplate::tryParse(text.toStdString(), &t, &why));
        QCOMPARE(q(why), error);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, KeyTemplate::parse(text.toStdString()));
    }

    void shouldRenderOnlyWithEveryValue_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("values");
        QTest::addColumn<QString>("rendered");  // "-" when incomplete
        QTest::addColumn<QString>("prefix");
        QTest::newRow("complete") << "ORDER#{orderDate}#{orderId}"
                                  << "orderDate=2026-08-03;orderId=9f2a"
                                  << "ORDER#2026-08-03#9f2a"
                                  << "ORDER#2026-08-03#9f2a";
        QTest::newRow("stops at first missing") << "ORDER#{orderDate}#{orderId}"
                                                << "orderId=9f2a"
                                                << "-"
                                                << "ORDER#";
        QTest::newRow("prefix through known") << "ORDER#{orderDate}#{orderId}"
                                              << "orderDate=2026-08-03"
                                              << "-"
                                              << "ORDER#2026-08-03#";
        QTest::newRow("empty value counts as missing") << "CUST#{id}"
                                                       << "id="
                                                       << "-"
                                                       << "CUST#";
        QTest::newRow("constant") << "PROFILE"
                                  << ""
                                  << "PROFILE"
                                  << "PROFILE";
    }
    void shouldRenderOnlyWithEveryValue()
    {
        QFETCH(QString, text);
        QFETCH(QString, values);
        QFETCH(QString, rendered);
        QFETCH(QString, prefix);
        const KeyTemplate t = KeyTemplate::parse(text.toStdString());
        const Values v = ::values(values);
        const auto r = t.render(v);
        QCOMPARE(r ? q(*r) : QString("-"), rendered);
        const auto p = t.renderPrefix([&](std::string_view n) -> std::optional<std::string> {
            auto it = v.find(n);
            return it == v.end() ? std::nullopt : std::optional<std::string>(it->second);
        });
        QCOMPARE(q(p.text), prefix);
        QCOMPARE(p.complete, rendered != "-");
    }

    void shouldMatchKeysBackToValues_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("values");  // "-" when it does not match
        QTest::newRow("customer") << "CUST#{customerId}"
                                  << "CUST#42"
                                  << "customerId=42";
        QTest::newRow("hierarchy") << "ORDER#{orderDate}#{orderId}"
                                   << "ORDER#2026-08-03#9f2a"
                                   << "orderDate=2026-08-03;orderId=9f2a";
        QTest::newRow("datetime keeps colons") << "{orderDate}"
                                               << "2020-06-21T19:18:00"
                                               << "orderDate=2020-06-21T19:18:00";
        QTest::newRow("constant matches itself") << "PROFILE"
                                                 << "PROFILE"
                                                 << "";
        QTest::newRow("constant rejects others") << "PROFILE"
                                                 << "PROFILES"
                                                 << "-";
        QTest::newRow("wrong prefix") << "sh#{shipmentId}"
                                      << "shp#55555"
                                      << "-";
        QTest::newRow("empty value never matches") << "CUST#{customerId}"
                                                   << "CUST#"
                                                   << "-";
        QTest::newRow("last variable takes the rest") << "EMAIL#{email}"
                                                      << "EMAIL#a#b@x.com"
                                                      << "email=a#b@x.com";
        QTest::newRow("repeated variable must agree") << "c#{id}#{id}"
                                                      << "c#1#2"
                                                      << "-";
        QTest::newRow("repeated variable agrees") << "c#{id}#{id}"
                                                  << "c#7#7"
                                                  << "id=7";
        QTest::newRow("backtracks when a value holds the literal") << "A#{x}#B#{y}"
                                                                   << "A#1#2#B#3"
                                                                   << "x=1#2;y=3";
    }
    void shouldMatchKeysBackToValues()
    {
        QFETCH(QString, text);
        QFETCH(QString, key);
        QFETCH(QString, values);
        const auto m = KeyTemplate::parse(text.toStdString()).match(key.toStdString());
        QCOMPARE(m ? valuesText(*m) : QString("-"), values);
    }

    void shouldRoundTripRenderThroughMatch()
    {
        const KeyTemplate t = KeyTemplate::parse("STATUS#{status}#{day}");
        const Values v{{"status", "PENDING"}, {"day", "2026-08-03"}};
        const auto key = t.render(v);
        QVERIFY(key);
        QCOMPARE(q(*key), QString("STATUS#PENDING#2026-08-03"));
        QCOMPARE(t.match(*key), std::optional<Values>(v));
    }

    void shouldSubstituteVariablesWithOtherTemplates()
    {
        const KeyTemplate t = KeyTemplate::parse("ORDER#{orderDate}#{orderId}");
        const KeyTemplate s = t.substitute([](std::string_view n) -> std::optional<std::string> {
            if (n == "orderDate") return std::string("{from}");
            return std::nullopt;
        });
        QCOMPARE(q(s.text()), QString("ORDER#{from}#{orderId}"));
        QCOMPARE(KeyTemplate::literal("a{b}").text(), std::string("a{{b}}"));
        QVERIFY(KeyTemplate::literal("a{b}").isConstant());
    }

    void shouldReportHierarchyRules_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("sortKey");
        QTest::addColumn<QString>(
            "traits");  // per variable: name:flags, flags from d(ate non-ISO) n(umber unpadded) s(ep) u(nknown)
        QTest::addColumn<QString>("rules");
        QTest::newRow("clean hierarchy") << "ORDER#{orderDate}#{orderId}" << true << ""
                                         << "";
        QTest::newRow("two separators") << "ORDER#{orderDate}|{orderId}" << true << ""
                                        << "MixedSeparators,MissingSeparator";
        QTest::newRow("adjacent variables") << "A#{x}{y}" << false << ""
                                            << "AdjacentVariables";
        QTest::newRow("run into a variable") << "ORDER{id}" << false << ""
                                             << "MissingSeparator";
        QTest::newRow("value with separator") << "USER#{handle}" << false << "handle:s"
                                              << "ValueHasSeparator";
        QTest::newRow("whole key may hold separator") << "{email}" << false << "email:s"
                                                      << "";
        QTest::newRow("non ISO date in sort key") << "ORDER#{d}#{id}" << true << "d:d"
                                                  << "NotIsoDate";
        QTest::newRow("non ISO date in partition key is fine") << "ORDER#{d}" << false << "d:d"
                                                               << "";
        QTest::newRow("unpadded number in sort key") << "ITEM#{n}" << true << "n:n"
                                                     << "NotZeroPadded";
        QTest::newRow("unknown variable") << "CUST#{custId}" << false << "custId:u"
                                          << "UnknownVariable";
    }
    void shouldReportHierarchyRules()
    {
        QFETCH(QString, text);
        QFETCH(bool, sortKey);
        QFETCH(QString, traits);
        QFETCH(QString, rules);
        std::map<std::string, QString> flags;
        for (const QString& t : traits.split(';', Qt::SkipEmptyParts))
            flags[t.section(':', 0, 0).toStdString()] = t.section(':', 1);
        const auto issues = KeyTemplate::parse(text.toStdString()).lint("#", sortKey, [&](std::string_view name) {
            VariableTraits v;
            v.canContainSeparator = false;
            const QString f = flags.count(std::string(name)) ? flags[std::string(name)] : QString();
            v.known = !f.contains('u');
            v.temporal = f.contains('d');
            v.isoTemporal = !f.contains('d');
            v.numeric = f.contains('n');
            v.canContainSeparator = f.contains('s');
            return v;
        });
        static const char* kNames[] = {"MixedSeparators",   "AdjacentVariables", "MissingSeparator", "UnknownVariable",
                                       "ValueHasSeparator", "NotIsoDate",        "NotZeroPadded"};
        QStringList got;
        for (const auto& i : issues) got << kNames[static_cast<int>(i.rule)];
        QCOMPARE(got.join(','), rules);
        for (const auto& i : issues) QVERIFY2(q(i.message).contains(text), i.message.c_str());
    }

    void shouldReportARuleOnceForATemplateWithTheCountAndAnExcerpt()
    {
        // Given 10,000 undeclared variables in one 79 KB template,
        std::string text;
        for (int i = 0; i < 10000; ++i) text += (i ? "#{v" : "{v") + std::to_string(i) + "}";
        const auto issues = KeyTemplate::parse(text).lint("#", false, [](std::string_view) {
            VariableTraits v;
            v.known = false;
            return v;
        });
        // one issue says it for all of them, with the count, quoting a bounded excerpt.
        QCOMPARE(issues.size(), size_t(1));
        QCOMPARE(issues.front().count, size_t(10000));
        QCOMPARE(q(issues.front().variable), QString("v0"));
        QVERIFY2(issues.front().message.size() < 400, issues.front().message.c_str());
        QCOMPARE(q(issues.front().message),
                 "Key template '" + q(text.substr(0, 64)) + "... (" + QString::number(text.size()) +
                     " bytes)' uses 10000 variables the entity has no attribute for: {v0}, {v1}, {v2}, {v3}, {v4} and "
                     "9995 more.");
    }

    void shouldNameEveryVariableOfASmallGroup()
    {
        const auto issues = KeyTemplate::parse("A#{x}#{y}").lint("#", false, [](std::string_view) {
            VariableTraits v;
            v.known = false;
            return v;
        });
        QCOMPARE(issues.size(), size_t(1));
        QCOMPARE(q(issues.front().message),
                 QString("Key template 'A#{x}#{y}' uses 2 variables the entity has no attribute for: {x} and {y}."));
    }

    void shouldExplainASeparatorCollisionInWords()
    {
        const auto issues = KeyTemplate::parse("USER#{handle}").lint("#", false, [](std::string_view) {
            return VariableTraits{};
        });
        QCOMPARE(issues.size(), size_t(1));
        QCOMPARE(q(issues.front().message),
                 QString("Key template 'USER#{handle}': values of {handle} can contain the separator '#', so a key "
                         "could be read back wrongly or match another begins_with."));
    }
};

QTEST_GUILESS_MAIN(KeyTemplateTest)
#include "tst_design_keytemplate.moc"
