""".ci/code-size.py finds functions where the tree's code has them, and measures them right: the
cases a line-by-line reading gets wrong. The C++ is in strings here, so the checks over the tree
do not read it as code.

    python3 -m unittest tests/style/test_code_size.py
"""
import contextlib
import importlib.util
import os
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "..", ".ci", "code-size.py")
spec = importlib.util.spec_from_file_location("code_size", SCRIPT)
code_size = importlib.util.module_from_spec(spec)
spec.loader.exec_module(code_size)


def found(source):
    """(first line, last line, name) of each function in the source, in order."""
    return code_size.definitions(code_size.tokens(textwrap.dedent(source).lstrip("\n")))


def function(name, lines):
    """A function of exactly `lines` lines: signature, brace, statements, brace."""
    return f"int {name}()\n{{\n" + "    ++n;\n" * (lines - 3) + "}\n"


class FunctionDetection(unittest.TestCase):
    def test_should_measure_a_free_function_inside_a_namespace_from_signature_to_closing_brace(self):
        self.assertEqual(found("""
            namespace keyplan::store {

            int add(int a,
                    int b)
            {
                return a + b;
            }

            }  // namespace keyplan::store
            """), [(3, 7, "add")])

    def test_should_count_a_constructors_initializer_list_with_lambdas_and_braces_as_its_own_lines(self):
        self.assertEqual(found("""
            Console::Console(Store& store, QWidget* parent)
                : QWidget(parent), store_(store), limits_{1, 2},
                  onRun_([this](int n) {
                      if (n > 0) {
                          run(n);
                      }
                      return n;
                  })
                , cache_{}
            {
                setup();
            }
            """), [(1, 12, "Console::Console")])

    def test_should_find_member_functions_defined_in_their_class_and_in_a_nested_class(self):
        self.assertEqual(found("""
            class Outer : public QObject {
                Q_OBJECT
                Q_PROPERTY(int size READ size)
            public:
                int size() const { return 1; }
                struct Inner {
                    int value = 0;
                    int twice() const
                    {
                        return 2 * value;
                    }
                };
            private Q_SLOTS:
                void shouldWork()
                {
                    QVERIFY(true);
                }
            signals:
                void changed();
            };
            """), [(5, 5, "size"), (8, 11, "twice"), (14, 17, "shouldWork")])

    def test_should_count_a_lambda_inside_a_function_as_part_of_that_function(self):
        self.assertEqual(found("""
            void run()
            {
                auto step = [&](int i)
                {
                    return i;
                };
                connect(a, &A::done, this, [this] {
                    finish();
                });
            }
            """), [(1, 10, "run")])

    def test_should_count_a_lambda_named_at_namespace_scope_as_a_function(self):
        self.assertEqual(found("""
            namespace {
            const auto quote = [](const std::string& s) {
                return '"' + s + '"';
            };
            }  // namespace
            """), [(2, 4, "quote")])

    def test_should_read_past_braces_in_comments_strings_raw_strings_and_preprocessor_lines(self):
        self.assertEqual(found('''
            // not a function() {
            #define OPEN {
            /* void fake()
            { */
            const char* json = R"({"a": {"b": "}"}})";
            char brace = '{';
            std::string text()
            {
                return "}" + std::string(R"x(
                    } } )"
                )x") + '}';
            }
            int after() { return 1'000'000; }
            '''), [(7, 12, "text"), (13, 13, "after")])

    def test_should_not_take_initializers_enums_or_classes_for_functions(self):
        self.assertEqual(found("""
            const std::map<std::string, int> sizes = {
                {"a", 1},
            };
            std::function<bool(int)> accept{[](int) { return true; }};
            enum class Kind : int {
                A,
            };
            struct Point {
                int x{0};
            };
            QString names[] = {QStringLiteral("a")};
            """), [])

    def test_should_name_templates_operators_destructors_and_trailing_return_types(self):
        self.assertEqual([name for _, _, name in found("""
            template <typename T, typename U = std::vector<T>>
            T* findById(std::vector<T>& v, Id id)
            {
                return nullptr;
            }
            template <class T>
            ReplaceCommand<T>::~ReplaceCommand()
            {
            }
            bool Design::operator==(const Design& other) const
            {
                return true;
            }
            auto Number::operator<=>(const Number& other) const -> std::strong_ordering
            {
                return 0;
            }
            void Drain::operator()(int ec) noexcept
            {
            }
            std::function<bool(const Progress&)> progressBar(QTextStream& err)
            {
                return {};
            }
            """)], ["findById", "ReplaceCommand<T>::~ReplaceCommand", "Design::operator==", "Number::operator<=>",
                    "operator()", "progressBar"])

    def test_should_count_a_template_line_as_part_of_the_function(self):
        self.assertEqual(found("""
            template <typename T>
            T twice(T t)
            {
                return t + t;
            }
            """), [(1, 5, "twice")])

    def test_should_find_functions_inside_an_extern_block_and_an_inline_namespace(self):
        self.assertEqual([name for _, _, name in found("""
            extern "C" {
            int c_entry()
            {
                return 0;
            }
            }
            inline namespace v1 {
            inline int versioned()
            {
                return 1;
            }
            }
            """)], ["c_entry", "versioned"])


class Gate(unittest.TestCase):
    def run_gate(self, files):
        with tempfile.TemporaryDirectory() as root:
            for path, text in files.items():
                os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
                with open(os.path.join(root, path), "w", encoding="utf-8") as f:
                    f.write(text)
            with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
                return code_size.main(["--root", root, "--top", "0"])

    def test_should_pass_a_function_of_120_lines_and_fail_one_of_121(self):
        self.assertEqual(self.run_gate({"model/a.cpp": function("f", 120)}), 0)
        self.assertEqual(self.run_gate({"model/a.cpp": function("f", 121)}), 1)

    def test_should_check_a_new_top_level_folder_without_being_told_of_it(self):
        self.assertEqual(self.run_gate({"gui/panel/View.cpp": function("f", 121)}), 1)

    def test_should_leave_build_trees_and_hidden_folders_out(self):
        tree = {"model/a.cpp": function("f", 10),
                "build-asan/CMakeCache.txt": "",
                "build-asan/gen/moc_big.cpp": function("g", 500),
                ".git/x.cpp": function("h", 500)}
        self.assertEqual(self.run_gate(tree), 0)

    def test_should_let_a_long_file_through_only_when_its_first_comment_says_why(self):
        body = "int x;\n" * 801
        why = "// The table of answers. This file is over 800 lines because it is one table of cases.\n"
        later = "#pragma once\n// A header.\n\n// over 800 lines because it is one table of cases.\n"
        self.assertEqual(self.run_gate({"model/a.cpp": body}), 1)
        self.assertEqual(self.run_gate({"model/a.cpp": why + body}), 0)
        self.assertEqual(self.run_gate({"model/a.cpp": "#pragma once\n" + why + body}), 0)
        self.assertEqual(self.run_gate({"model/a.cpp": later + body}), 1)
        self.assertEqual(self.run_gate({"model/a.cpp": "// over 800 lines because\n" + body}), 1)

    def test_should_not_excuse_a_long_function_in_a_file_that_says_why_it_is_long(self):
        why = "// This file is over 800 lines because it is one table of cases.\n"
        self.assertEqual(self.run_gate({"model/a.cpp": why + function("f", 121)}), 1)


if __name__ == "__main__":
    unittest.main()
