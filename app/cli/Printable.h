// Text from a file or an endpoint as keyplan-cli prints it: design names, item values, scenario
// texts, an endpoint's error messages. The one function every command sends such text through
// before it reaches a terminal, so that what is printed is what the text holds and nothing the
// terminal would act on: control characters (an escape sequence, a CR, a BEL, a NUL), the
// Unicode bidirectional controls (a right-to-left override that would turn the rest of the line
// round) and the line and paragraph separators are shown as \u001b-style escapes.
//
// What a command writes as a document (export's formats, import's design, examples' JSON) is the
// document, byte for byte: this is for the lines a person reads.
#pragma once

#include <QString>

#include <string>

namespace keyplan::cli {

QString printable(const QString& text);
QString printable(const std::string& utf8);
inline QString printable(const char* utf8) { return printable(QString::fromUtf8(utf8)); }

// The same for text of several lines (a report, a scenario's brief): its line breaks and tabs
// stay, everything else the terminal would act on is escaped.
QString printableLines(const std::string& utf8);

}  // namespace keyplan::cli
